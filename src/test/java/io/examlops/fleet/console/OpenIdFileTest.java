package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.OpenIdSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The OIDC settings file, read as exa console --oidc reads it, and its mistakes named. */
class OpenIdFileTest {
  @TempDir Path dir;
  private Path file;
  private Path secret;
  private String good;

  @BeforeEach
  void files() throws Exception {
    file = dir.resolve("oidc.yaml");
    secret = dir.resolve("client-secret");
    Files.writeString(secret, "the client secret\n");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    good =
        "issuer: https://sso.example.org/realms/hpc\n"
            + "clientId: hpc-fleet-console\n"
            + "clientSecretFile: "
            + secret
            + "\nroles:\n  admin: hpc-admins\n  viewer: [hpc-users, hpc-auditors]\n";
  }

  private OpenIdSettings read(String yaml) throws Exception {
    Files.writeString(file, yaml);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    return OpenIdFile.read(file);
  }

  private void refused(String yaml, String... words) {
    assertThatThrownBy(() -> read(yaml))
        .as(yaml)
        .isInstanceOf(FleetException.class)
        .hasMessageStartingWith("the OIDC settings " + file)
        .hasMessageContainingAll(words);
  }

  @Test
  void aGoodFileGivesItsSettingsAndDefaults() throws Exception {
    OpenIdSettings s = read(good);
    assertThat(s.issuer()).hasToString("https://sso.example.org/realms/hpc");
    assertThat(s.name()).isEqualTo("sso.example.org");
    assertThat(new String(s.clientSecret().reveal())).isEqualTo("the client secret");
    assertThat(s.toString()).doesNotContain("the client secret");
    assertThat(s.scopes()).containsExactly("profile");
    assertThat(s.userClaim()).isEqualTo("preferred_username");
    assertThat(s.groupsClaim()).isEqualTo("groups");
    assertThat(s.adminGroups()).containsExactly("hpc-admins");
    assertThat(s.viewerGroups()).containsExactly("hpc-users", "hpc-auditors");
    assertThat(s.redirectUri()).isNull();
    assertThat(read(good.replace("https://sso.example.org", "http://127.0.0.1:8443")).issuer())
        .hasToString("http://127.0.0.1:8443/realms/hpc");
  }

  @Test
  void signInsAndTheSecretNeverCrossTheNetworkInClear() {
    refused(
        good.replace("https://sso.example.org", "http://sso.example.org"),
        "issuer",
        "plain http to sso.example.org",
        "use https");
    refused(
        good + "redirectUri: http://fleet.example.org/login/oidc/callback\n",
        "redirectUri",
        "plain http");
    refused(
        good + "redirectUri: https://fleet.example.org/callback\n",
        "redirectUri",
        "/login/oidc/callback");
    refused(good.replace("realms/hpc", "realms/hpc?x=1"), "issuer", "query");
  }

  @Test
  void theClientSecretComesFromAPrivateFileOnly() throws Exception {
    refused(good + "clientSecret: hunter2hunter2\n", "clientSecret", "is not a key");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r-----"));
    refused(good, "clientSecretFile", "rw-r-----", "chmod 600 " + secret);
    refused(
        good.replace("clientSecretFile: " + secret + "\n", ""), "clientSecretFile", "is missing");
  }

  @Test
  void eachKeyIsCheckedAndNamed() {
    refused(
        good.replace("roles:\n  admin: hpc-admins\n  viewer: [hpc-users, hpc-auditors]\n", ""),
        "roles");
    refused(good.replace("admin: hpc-admins", "root: hpc-admins"), "roles.root", "not a role");
    refused(good + "scopes: groups\n", "scopes", "a list");
    refused(good + "scopes: [\"two words\"]\n", "scopes", "not a scope");
    refused(good + "timeout: 0\n", "timeout", "1 to 60");
  }
}
