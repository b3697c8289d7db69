package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive unpacks anywhere and runs: bin/exa (also through a symbolic link from
 * elsewhere, as an agent's PATH would hold it) with nothing but Java, the shared library and the
 * example Jenkinsfile beside it.
 */
class ReleaseArchiveIT {
  @TempDir Path dir;

  private String exa(Path command, String... args) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command.toString());
    builder.command().addAll(java.util.List.of(args));
    builder.environment().clear();
    builder.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin");
    builder.environment().put("HOME", dir.resolve("home").toString());
    builder.redirectErrorStream(true);
    Process p = builder.start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  @Test
  void unpacksAndItsExaRunsFromAnywhere() throws Exception {
    Path release = Release.unpackInto(Files.createDirectories(dir.resolve("opt")));

    assertThat(exa(release.resolve("bin/exa"), "--help")).contains("Usage: exa").contains("hpc");
    assertThat(exa(release.resolve("bin/exa"), "hpc", "--help"))
        .contains("logs")
        .contains("submit");
    Path link = Files.createDirectories(dir.resolve("usr/bin")).resolve("exa");
    Files.createSymbolicLink(link, release.resolve("bin/exa"));
    assertThat(exa(link, "--version")).contains("exa (HPC Fleet)");

    for (String step :
        new String[] {"hpcPreflight", "hpcPlace", "hpcSubmit", "hpcCapacity", "hpcReview"}) {
      assertThat(release.resolve("vars/" + step + ".groovy")).isRegularFile();
      assertThat(release.resolve("vars/" + step + ".txt")).isRegularFile();
    }
    assertThat(release.resolve("Jenkinsfile")).isRegularFile();
    assertThat(release.resolve("jenkins/governance.Jenkinsfile")).isRegularFile();
    assertThat(release.resolve("docs/jenkins.md")).isRegularFile();
  }
}
