package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The shipped Jenkins configuration keeps every build away from what it must not hold: no cluster
 * key anywhere, no credential at the system level, each console token in the one folder whose jobs
 * need it, the governance folder closed to all but the admins its job names, the library pinned,
 * and Safe HTML as the markup formatter that the capacity view and build descriptions are written
 * for.
 */
class ShippedJcascTest {
  @Test
  void noClusterKeyAndNoCredentialAtTheSystemLevel() throws Exception {
    JsonNode yaml = ShippedJcasc.yaml();
    assertThat(yaml.has("credentials")).as("credentials at the system level").isFalse();
    assertThat(yaml.at("/jenkins/globalNodeProperties").isMissingNode())
        .as("agents' settings in Jenkins, where a pipeline's environment overrides them")
        .isTrue();
    ShippedJcasc.Call items = ShippedJcasc.items();
    assertThat(items.all().map(c -> c.name))
        .noneMatch(name -> name.toLowerCase().contains("ssh"))
        .noneMatch(name -> name.toLowerCase().contains("privatekey"));
    assertThat(items.findAll("stringCredentialsImpl"))
        .allSatisfy(c -> assertThat(c.find("secret").get().arg()).matches("\\$\\{[A-Z_]+\\}"));
  }

  @Test
  void eachTokenIsInTheOneFolderWhoseJobsNeedItAndTheStepsUseThoseIds() throws Exception {
    assertThat(ShippedJcasc.credentialsOf("teams/ml/train")).containsExactly("hpc-fleet-token");
    assertThat(ShippedJcasc.credentialsOf("hpc-governance/review"))
        .containsExactly("fleet-governance-token");
    assertThat(ShippedJcasc.credentialsOf("elsewhere")).isEmpty();

    String governance = Files.readString(Path.of("jenkins/governance.Jenkinsfile"));
    assertThat(constant(governance, "TOKEN_CREDENTIALS_ID")).isEqualTo("fleet-governance-token");
    assertThat(Files.readString(Path.of("docs/jenkins.md")))
        .as("the agent configuration the docs show")
        .contains("tokenCredentialsId: hpc-fleet-token");
    ShippedJcasc.Call review =
        ShippedJcasc.items().findAll("pipelineJob").stream()
            .filter(j -> j.arg().equals("hpc-governance/review"))
            .findFirst()
            .orElseThrow();
    assertThat(review.find("scriptPath").get().arg()).isEqualTo("jenkins/governance.Jenkinsfile");
  }

  @Test
  void theGovernanceFolderIsClosedToAllButTheAdminsItsJobNames() throws Exception {
    ShippedJcasc.Call folder =
        ShippedJcasc.items().findAll("folder").stream()
            .filter(f -> f.arg().equals("hpc-governance"))
            .findFirst()
            .orElseThrow();
    ShippedJcasc.Call matrix = folder.find("authorizationMatrix").orElseThrow();
    assertThat(matrix.find("nonInheriting")).as("inherits nobody's permissions").isPresent();
    List<ShippedJcasc.Call> grants = matrix.find("entries").orElseThrow().children;
    assertThat(grants).hasSize(1);
    String admins = constant(Files.readString(Path.of("jenkins/governance.Jenkinsfile")), "ADMINS");
    assertThat(grants.get(0).find("name").get().arg()).isEqualTo(admins);
    assertThat(grants.get(0).find("permissions").get().args.get(0).toString())
        .contains("Job/Build", "Run/Replay", "Job/Configure");
  }

  @Test
  void theLibraryIsPinnedAndSafeHtmlFormatsDescriptions() throws Exception {
    JsonNode yaml = ShippedJcasc.yaml();
    JsonNode library = yaml.at("/unclassified/globalLibraries/libraries/0");
    assertThat(library.get("allowVersionOverride").asBoolean()).isFalse();
    assertThat(library.get("defaultVersion").asText()).matches("v\\d+\\.\\d+\\.\\d+");
    assertThat(yaml.at("/jenkins/markupFormatter/rawHtml").isMissingNode()).isFalse();
  }

  private static String constant(String jenkinsfile, String name) {
    Matcher m = Pattern.compile("final String " + name + " = '([^']+)'").matcher(jenkinsfile);
    assertThat(m.find()).as(name + " in the Jenkinsfile").isTrue();
    return m.group(1);
  }
}
