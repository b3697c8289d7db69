package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.DirectorySettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LDAP settings file of {@code exa console --ldap}: read once at start, every problem refused
 * naming the file, the key and the fix; the bind password never in it.
 */
class DirectoryFileTest {
  private static final String GOOD =
      """
      url: ldaps://ldap.example.org
      bindDn: cn=hpc-console,ou=services,dc=example,dc=org
      userBase: ou=people,dc=example,dc=org
      roles:
        admin: cn=hpc-admins,ou=groups,dc=example,dc=org
        viewer:
          - cn=hpc-users,ou=groups,dc=example,dc=org
          - "cn=hpc-guests,ou=groups,dc=example,dc=org"
      """;
  private static final Map<String, String> ENV =
      Map.of(DirectoryFile.PASSWORD_VARIABLE, "the console's bind password");

  @TempDir Path dir;
  private Path file;

  @BeforeEach
  void file() {
    file = dir.resolve("ldap.yaml");
  }

  private DirectorySettings read(String yaml, Map<String, String> env) throws Exception {
    Files.writeString(file, yaml);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    return DirectoryFile.read(file, env);
  }

  private void refused(String yaml, String... words) {
    refused(yaml, ENV, words);
  }

  private void refused(String yaml, Map<String, String> env, String... words) {
    assertThatThrownBy(() -> read(yaml, env))
        .as(yaml)
        .isInstanceOf(FleetException.class)
        .hasMessageStartingWith("the directory settings " + file)
        .hasMessageContainingAll(words);
  }

  @Test
  void aGoodFileGivesItsSettingsWithTheirDefaults() throws Exception {
    DirectorySettings s = read(GOOD, ENV);

    assertThat(s.url()).hasToString("ldaps://ldap.example.org:636");
    assertThat(s.tls()).isTrue();
    assertThat(s.startTls()).isFalse();
    assertThat(s.trusted()).isEmpty();
    assertThat(s.userAttribute()).isEqualTo("uid");
    assertThat(s.userFilter()).isEqualTo("(objectClass=*)");
    assertThat(s.membership()).isEqualTo(DirectorySettings.Membership.MEMBER);
    assertThat(s.adminGroups()).containsExactly("cn=hpc-admins,ou=groups,dc=example,dc=org");
    assertThat(s.viewerGroups())
        .containsExactly(
            "cn=hpc-users,ou=groups,dc=example,dc=org",
            "cn=hpc-guests,ou=groups,dc=example,dc=org");
    assertThat(s.checkInterval()).isEqualTo(Duration.ofSeconds(60));
    assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(new String(s.bindPassword().reveal())).isEqualTo("the console's bind password");
    assertThat(s.toString()).doesNotContain("bind password");
  }

  @Test
  void passwordsNeverCrossTheNetworkInClear() throws Exception {
    refused(
        GOOD.replace("ldaps://ldap.example.org", "ldap://ldap.example.org"),
        "url",
        "in clear",
        "startTls: true");
    assertThat(
            read(
                    GOOD.replace("ldaps://ldap.example.org", "ldap://ldap.example.org")
                        + "startTls: true\n",
                    ENV)
                .url())
        .hasToString("ldap://ldap.example.org:389");
    // On this machine's loopback, plain ldap:// is accepted (a directory beside the console).
    assertThat(read(GOOD.replace("ldaps://ldap.example.org", "ldap://127.0.0.1:3389"), ENV).tls())
        .isFalse();
    refused(GOOD + "startTls: true\n", "startTls", "TLS already");
    refused(GOOD.replace("ldaps://", "https://"), "url", "ldaps://HOST");
    refused(GOOD.replace("ldap.example.org", "ldap.example.org/dc=example"), "url", "port only");
  }

  @Test
  void theBindPasswordComesFromAPrivateFileOrTheEnvironmentOnly() throws Exception {
    refused(GOOD, Map.of(), "bindPasswordFile", "is missing", DirectoryFile.PASSWORD_VARIABLE);
    Path secret = dir.resolve("bind-password");
    Files.writeString(secret, "from the file\n");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r-----"));
    String withFile = GOOD + "bindPasswordFile: " + secret + "\n";
    refused(withFile, Map.of(), "bindPasswordFile", "rw-r-----", "chmod 600 " + secret);
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    assertThat(new String(read(withFile, Map.of()).bindPassword().reveal()))
        .isEqualTo("from the file");
    refused(withFile, ENV, "bindPasswordFile", "keep one of them");
    refused(GOOD + "bindPassword: hunter2hunter2\n", "bindPassword", "is not a key");
  }

  @Test
  void aFileOthersMayWriteIsRefusedSinceItSaysWhoIsAnAdmin() throws Exception {
    Files.writeString(file, GOOD);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));
    assertThatThrownBy(() -> DirectoryFile.read(file, ENV))
        .hasMessageContaining("others than their owner may write them")
        .hasMessageContaining("chmod go-w " + file);
  }

  @Test
  void eachKeyIsCheckedAndNamed() {
    refused(GOOD.replace("bindDn: cn=hpc-console,ou=services,", "bindDn: not a dn"), "bindDn");
    refused(GOOD.replace("userBase: ou=people,dc=example,dc=org\n", ""), "userBase", "missing");
    refused(GOOD + "userFilter: objectClass=person\n", "userFilter", "parentheses");
    refused(GOOD + "userFilter: (objectClass=person))(\n", "userFilter");
    refused(GOOD + "userAttribute: \"uid)(cn\"\n", "userAttribute");
    refused(GOOD + "membership: owner\n", "membership", "memberUid");
    refused(GOOD + "checkInterval: -1\n", "checkInterval", "0 to 3600");
    refused(GOOD + "timeout: 0\n", "timeout", "1 to 60");
    refused(GOOD + "colour: blue\n", "colour", "is not a key");
    refused(GOOD.replace("  admin:", "  root:"), "roles.root", "admin and viewer");
    refused(GOOD + "caCertificate: " + dir.resolve("none.pem") + "\n", "caCertificate");
    refused("url: [\n", "cannot be read as YAML", "line");
    String noRoles = GOOD.substring(0, GOOD.indexOf("roles:"));
    refused(noRoles, "roles", "must map");
    refused(noRoles + "roles: {}\n", "roles", "maps no group");
  }

  @Test
  void aGroupListWrittenInBracketsWithoutQuotesIsCaught() {
    // YAML splits [cn=a,ou=b] at its commas: each part alone would be a DN of one RDN.
    refused(
        GOOD.replace(
            "  admin: cn=hpc-admins,ou=groups,dc=example,dc=org",
            "  admin: [cn=hpc-admins,ou=groups,dc=example,dc=org]"),
        "roles.admin",
        "a DN of one part",
        "quote each DN");
  }

  @Test
  void aCertificateFileIsReadAsPem() throws Exception {
    Path pem = dir.resolve("ca.pem");
    Files.writeString(pem, "not a certificate\n");
    refused(GOOD + "caCertificate: " + pem + "\n", "caCertificate", "-----BEGIN CERTIFICATE-----");
  }

  @Test
  void loopbackIsSaidLiterally() {
    assertThat(DirectoryFile.loopback("127.0.0.1")).isTrue();
    assertThat(DirectoryFile.loopback("localhost")).isTrue();
    assertThat(DirectoryFile.loopback("[::1]")).isTrue();
    assertThat(DirectoryFile.loopback("127.example.org")).isFalse();
    assertThat(DirectoryFile.loopback("ldap.example.org")).isFalse();
  }
}
