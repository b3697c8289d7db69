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
    String version = io.examlops.fleet.settings.ProductVersion.get();
    assertThat(exa(link, "--version")).isEqualTo("exa (HPC Fleet) " + version + "\n");
    assertThat(Release.archive().getFileName().toString())
        .isEqualTo("hpc-fleet-" + version + "-release.tar.gz");
    // Java 22 and later warn about SQLite's native access in every command unless the manifest
    // of the jar allows it
    try (java.util.jar.JarFile jar =
        new java.util.jar.JarFile(release.resolve("lib/exa.jar").toFile())) {
      assertThat(jar.getManifest().getMainAttributes().getValue("Enable-Native-Access"))
          .isEqualTo("ALL-UNNAMED");
    }

    for (String step :
        new String[] {
          "hpcPreflight",
          "hpcPlace",
          "hpcSubmit",
          "hpcWait",
          "hpcLogs",
          "hpcCancel",
          "hpcCapacity",
          "hpcReview"
        }) {
      assertThat(release.resolve("vars/" + step + ".groovy")).isRegularFile();
      assertThat(release.resolve("vars/" + step + ".txt")).isRegularFile();
    }
    assertThat(release.resolve("Jenkinsfile")).isRegularFile();
    assertThat(release.resolve("src/io/examlops/fleet/jenkins/ExaCli.groovy")).isRegularFile();
    assertThat(release.resolve("jenkins/jcasc.yaml")).isRegularFile();
    assertThat(release.resolve("jenkins/parallel.Jenkinsfile")).isRegularFile();
    assertThat(release.resolve("jenkins/capacity.Jenkinsfile")).isRegularFile();
    assertThat(release.resolve("jenkins/governance.Jenkinsfile")).isRegularFile();
    assertThat(release.resolve("docs/jenkins.md")).isRegularFile();

    // a man page per command, which man renders
    assertThat(release.resolve("man/man1/exa.1")).isRegularFile();
    Process man =
        new ProcessBuilder("man", "-l", release.resolve("man/man1/exa-hpc-submit.1").toString())
            .redirectErrorStream(true)
            .start();
    man.getOutputStream().close();
    String page = new String(man.getInputStream().readAllBytes());
    assertThat(man.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(man.exitValue()).as(page).isZero();
    assertThat(page).contains("exa-hpc-submit").contains("-G, --gpus=K");
  }
}
