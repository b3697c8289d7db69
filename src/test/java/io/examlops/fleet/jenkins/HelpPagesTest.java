package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every step has a help page (vars/STEP.txt, Pipeline Syntax → Global Variables Reference) that
 * reads well under Jenkins' default plain-text formatter: no HTML tags, lines a terminal shows; and
 * the library exposes nothing but its steps.
 */
class HelpPagesTest {
  @Test
  void everyStepHasAPlainTextHelpPageAndNothingElseIsGlobal() throws Exception {
    List<Path> steps;
    try (Stream<Path> files = Files.list(Path.of("vars"))) {
      steps = files.filter(f -> f.toString().endsWith(".groovy")).sorted().toList();
    }
    assertThat(steps.stream().map(f -> f.getFileName().toString().replace(".groovy", "")))
        .containsExactlyInAnyOrder(
            "hpcCapacity",
            "hpcCancel",
            "hpcLogs",
            "hpcPlace",
            "hpcPreflight",
            "hpcReview",
            "hpcSubmit",
            "hpcWait");
    for (Path step : steps) {
      Path help = Path.of(step.toString().replace(".groovy", ".txt"));
      String name = step.getFileName().toString().replace(".groovy", "");
      String text = Files.readString(help);
      assertThat(text).as(help.toString()).startsWith(name + ": ");
      assertThat(text)
          .as(help + " under the plain-text formatter")
          .doesNotContainPattern("</?(p|pre|b|ul|li|code|br)\\b[^>]*>");
      assertThat(text.lines()).as(help.toString()).allMatch(l -> l.length() <= 100);
    }
  }
}
