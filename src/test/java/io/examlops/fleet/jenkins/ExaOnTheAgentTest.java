package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import groovy.lang.GroovyClassLoader;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.settings.ProductVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exa a step finds on its agent: one version from Maven everywhere (the library's, exa's, the
 * archive's name), an older exa refused naming both versions, a missing java said as such.
 */
class ExaOnTheAgentTest {
  @TempDir Path dir;

  private static String mavenVersion() throws Exception {
    Matcher m =
        Pattern.compile("<artifactId>hpc-fleet</artifactId>\\s*<version>([^<]+)</version>")
            .matcher(Files.readString(Path.of("pom.xml")));
    assertThat(m.find()).as("the project's version in pom.xml").isTrue();
    return m.group(1);
  }

  @Test
  void oneVersionFromMavenEverywhere() throws Exception {
    String version = mavenVersion();
    assertThat(ProductVersion.get()).isEqualTo(version);
    assertThat(ExaRun.run(Map.of(), "--version").out())
        .isEqualTo("exa (HPC Fleet) " + version + "\n");
    try (GroovyClassLoader loader = new GroovyClassLoader()) {
      Class<?> exaCli =
          loader.parseClass(Path.of("src/io/examlops/fleet/jenkins/ExaCli.groovy").toFile());
      assertThat(org.codehaus.groovy.runtime.InvokerHelper.getProperty(exaCli, "VERSION"))
          .as("the library's version")
          .isEqualTo(version);
    }
    assertThat(Files.readString(Path.of("docs/jenkins.md")))
        .contains("hpc-fleet-" + version + "-release.tar.gz");
  }

  private Pipeline agentWith(String exaScript, String path) throws Exception {
    Path exa = dir.resolve("old/exa");
    Files.createDirectories(exa.getParent());
    Files.writeString(exa, exaScript);
    exa.toFile().setExecutable(true);
    Map<String, String> env = new LinkedHashMap<>();
    env.put("PATH", path);
    env.put("HOME", dir.toString());
    env.put("EXAMLOPS_EXA", exa.toString());
    return new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws"), env);
  }

  @Test
  void anOlderExaIsRefusedNamingBothVersions() throws Exception {
    // what an exa 0.0.9 would answer to exa agent; it must never be asked to place
    Pipeline pipeline =
        agentWith(
            "#!/bin/sh\n[ \"$2\" = agent ] && echo '{\"version\": \"0.0.9\", \"mode\": \"local\"}'"
                + " && exit 0\n"
                + "touch '"
                + dir.resolve("ran")
                + "'\n",
            "/usr/bin:/bin");
    assertThatThrownBy(() -> pipeline.step("hpcPlace", Map.of("gpus", 1)))
        .isInstanceOf(PipelineError.class)
        .hasMessageStartingWith("hpcPlace: exa 0.0.9 on this agent (")
        .hasMessageContaining("is older than the hpc-fleet library " + mavenVersion());
    assertThat(dir.resolve("ran")).doesNotExist();
  }

  @Test
  void aMissingJavaIsSaidAsSuch() throws Exception {
    // the release's bin/exa runs java from the PATH; this agent's PATH has none
    Path noJava = Files.createDirectories(dir.resolve("nojava"));
    Pipeline pipeline = agentWith("#!/bin/sh\nexec java -jar exa.jar \"$@\"\n", noJava.toString());
    assertThatThrownBy(() -> pipeline.step("hpcPlace", Map.of("gpus", 1)))
        .isInstanceOf(PipelineError.class)
        .hasMessageContaining("needs java, and there is no java on this agent's PATH")
        .hasMessageNotContaining("install exa");
  }
}
