package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code --output}: what is accepted, and what each scheduler is given and the fleet reads. */
class OutputPathTest {

  @Test
  void aRelativePathStartsAtTheHomeDirectoryAndTildeSlashMeansTheSame() {
    OutputPath relative = OutputPath.of("logs/train-%j.out");
    assertThat(relative.file("42")).isEqualTo("~/logs/train-42.out");
    assertThat(relative.directory()).isEqualTo("~/logs");
    assertThat(OutputPath.of("~/logs/train-%j.out")).isEqualTo(relative);
    assertThat(OutputPath.of("  run.out ").file("7")).isEqualTo("~/run.out");
    assertThat(OutputPath.of("run.out").directory()).isNull();
  }

  @Test
  void anAbsolutePathIsKept() {
    OutputPath absolute = OutputPath.of("/scratch/ann/%j.log");
    assertThat(absolute.file("42")).isEqualTo("/scratch/ann/42.log");
    assertThat(absolute.directory()).isEqualTo("/scratch/ann");
    assertThat(OutputPath.of("/x.out").directory()).isEqualTo("/");
  }

  @Test
  void aJobStartingInADirectoryWritesARelativePathUnderItAndAnAbsoluteOneWhereItSays() {
    assertThat(OutputPath.of("logs/%j.out").under("/home/ann").file("9"))
        .isEqualTo("/home/ann/logs/9.out");
    assertThat(OutputPath.DEFAULT.under("/scratch/100%/").file("9"))
        .isEqualTo("/scratch/100%/examlops-9.out");
    assertThat(OutputPath.of("/tmp/%j.out").under("/home/ann").file("9")).isEqualTo("/tmp/9.out");
  }

  @Test
  void eachSchedulerGetsItsOwnFormOfTheJobIdAndPercentSigns() {
    OutputPath path = OutputPath.of("out/%x-%j-100%%.log").named("train-7");
    assertThat(path.pattern()).isEqualTo("out/train-7-%j-100%%.log");
    assertThat(path.rendered("{{id.dec}}", "%x", "%")).isEqualTo("out/train-7-{{id.dec}}-100%.log");
    assertThat(path.file("5")).isEqualTo("~/out/train-7-5-100%.log");
    assertThat(OutputPath.DEFAULT.rendered("{{id.dec}}", "%x", "%"))
        .isEqualTo("examlops-{{id.dec}}.out");
    assertThat(OutputPath.DEFAULT.file("8")).isEqualTo("~/examlops-8.out");
  }

  @Test
  void theJobNameMayNameTheDirectoryAsItIsKnownBeforeTheJobIsSent() {
    OutputPath path = OutputPath.of("runs/%x/%j.out").named("train-7");
    assertThat(path.directory()).isEqualTo("~/runs/train-7");
    assertThat(path.file("9")).isEqualTo("~/runs/train-7/9.out");
  }

  @Test
  void aLiteralPercentMayBeInTheDirectory() {
    OutputPath path = OutputPath.of("100%%/run-%j.out");
    assertThat(path.directory()).isEqualTo("~/100%");
    assertThat(path.file("3")).isEqualTo("~/100%/run-3.out");
  }

  @Test
  void whatCannotBeWrittenOrReadBackIsRefusedSayingHowToFixIt() {
    refused("", "empty");
    refused("   ", "empty");
    refused("a\nb.out", "newline");
    refused("a\0b.out", "newline, control");
    refused("a\u202Eb.out", "bidirectional");
    refused("x".repeat(OutputPath.MAX_LENGTH + 1), "at most 1024");
    refused("logs\\%j.out", "backslash");
    refused("run-{{id}}.out", "brace");
    refused("~ann/run.out", "~user");
    refused("logs/", "names a directory");
    refused("logs/..", "names a directory");
    refused("run-%N.out", "%N, which exa does not take");
    refused("run-%A_%a.out", "%A");
    refused("run-%u.out", "%u");
    refused("run-%", "holds %,");
    refused("%j/run.out", "%j in its directory");
  }

  private static void refused(String path, String saying) {
    assertThatThrownBy(() -> OutputPath.of(path))
        .as(path)
        .isInstanceOf(FleetException.class)
        .hasMessageContaining(saying)
        .satisfies(e -> assertThat(((FleetException) e).fields()).containsExactly("output"));
  }
}
