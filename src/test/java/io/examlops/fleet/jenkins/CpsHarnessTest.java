package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stand-in runs its Groovy as Jenkins does, so that what breaks in Jenkins breaks here: the
 * program is saved after every step (a local that cannot be saved fails the build, a loop over a
 * list or map does not), and the sandbox refuses what script-security refuses.
 */
class CpsHarnessTest {
  @TempDir Path dir;

  private Pipeline build() {
    return new Pipeline(
        Path.of("").toAbsolutePath(),
        dir.resolve("ws"),
        Map.of("PATH", "/usr/bin:/bin", "JOB_NAME", "cps", "BUILD_NUMBER", "1"));
  }

  @Test
  void aLocalThatCannotBeSavedAcrossAStepFailsTheBuildAsInJenkins() {
    Pipeline pipeline = build();
    String result =
        pipeline.run(
            "node {\n"
                + "  def m = ('run 42' =~ /\\d+/)\n"
                + "  echo 'a step while the matcher is held'\n"
                + "  echo m[0]\n"
                + "}");
    assertThat(result).isEqualTo("FAILURE");
    assertThat(pipeline.log().text())
        .contains("java.io.NotSerializableException: java.util.regex.Matcher");
  }

  @Test
  void loopsOverListsAndMapsWithStepsInsideAreSavedAsJenkinsSavesThem() {
    Pipeline pipeline = build();
    String result =
        pipeline.run(
            "node {\n"
                + "  for (def x : ['a', 'b']) { echo \"item ${x}\" }\n"
                + "  for (def e : [k: 'v']) { echo \"entry ${e.key}=${e.value}\" }\n"
                + "}");
    assertThat(result).as(pipeline.log().text()).isEqualTo("SUCCESS");
    assertThat(pipeline.log().text()).contains("item a", "item b", "entry k=v");
  }

  @Test
  void theSandboxRefusesWhatScriptSecurityRefusesWithJenkinsWords() {
    Pipeline subscript = build();
    assertThat(subscript.run("node { echo env['PATH'] }")).isEqualTo("FAILURE");
    assertThat(subscript.log().text())
        .contains(
            "Scripts not permitted to use staticMethod"
                + " org.codehaus.groovy.runtime.DefaultGroovyMethods getAt java.lang.Object"
                + " java.lang.String");
    Pipeline getenv = build();
    assertThat(getenv.run("node { echo System.getenv('PATH') }")).isEqualTo("FAILURE");
    assertThat(getenv.log().text())
        .contains(
            "Scripts not permitted to use staticMethod java.lang.System getenv java.lang.String");
    Pipeline property = build();
    assertThat(property.run("node { env.MINE = 'x'; echo \"${env.MINE} ${env.PATH}\" }"))
        .as(property.log().text())
        .isEqualTo("SUCCESS");
    assertThat(property.log().text()).contains("x /usr/bin:/bin");
  }

  @Test
  void everyLineInsideACredentialsBlockIsMaskedEchoIncluded() {
    Pipeline pipeline = build().withSecretText("t", "s3cr3t-value");
    String result =
        pipeline.run(
            "node { withCredentials([string(credentialsId: 't', variable: 'T')]) {\n"
                + "  echo \"token ${env.T}\"\n"
                + "  sh 'echo \"sh says $T\"'\n"
                + "} }");
    assertThat(result).as(pipeline.log().text()).isEqualTo("SUCCESS");
    assertThat(pipeline.log().text())
        .contains("token ****", "sh says ****")
        .doesNotContain("s3cr3t-value");
  }
}
