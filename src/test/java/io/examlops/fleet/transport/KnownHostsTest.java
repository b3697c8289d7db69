package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.transport.KnownHosts.Entry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KnownHostsTest {
  private static final String KEY =
      "AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl";
  // `ssh-keygen -lf` on a .pub file holding KEY printed this.
  private static final String KEY_FINGERPRINT =
      "SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU";

  @Test
  void hostNameUsesBracketsAndPortOnlyOffPort22AndIsLowerCase() {
    assertThat(KnownHosts.hostName("Login.Example.org", 22)).isEqualTo("login.example.org");
    assertThat(KnownHosts.hostName("127.0.0.1", 2222)).isEqualTo("[127.0.0.1]:2222");
  }

  @Test
  void hashedEntriesWrittenByRealSshKeygenMatchTheirHostOnly() {
    // `ssh-keygen -H` output for "cluster.example.org" and "[login.example.org]:2222".
    KnownHosts known =
        KnownHosts.parse(
            "|1|pDDUb2dng0uVZg2ct0R7KFl4cro=|rHRD0M7rFuJ11vzIyw0qneheyWU= ssh-ed25519 "
                + KEY
                + "\n"
                + "|1|/7jf1N1wcxfz80YPpnLrUpwd5yo=|bfAyztwjNAgcpZ/ThyMYaBPu488= ssh-ed25519 "
                + KEY
                + "\n");

    assertThat(known.entriesFor("cluster.example.org"))
        .extracting(Entry::lineNumber)
        .containsExactly(1);
    assertThat(known.entriesFor("[login.example.org]:2222"))
        .extracting(Entry::lineNumber)
        .containsExactly(2);
    assertThat(known.entriesFor("login.example.org")).isEmpty();
    assertThat(known.entriesFor("[cluster.example.org]:2222")).isEmpty();
  }

  @Test
  void patternListsWithWildcardsNegationAndCaseInsensitivity() {
    KnownHosts known =
        KnownHosts.parse(
            "*.example.org,!bad.example.org ssh-ed25519 "
                + KEY
                + "\n"
                + "NODE?,10.0.0.* ssh-ed25519 "
                + KEY
                + "\n"
                + "[gw.example.org]:2222,gw.example.org ssh-ed25519 "
                + KEY
                + "\n");

    assertThat(known.entriesFor("login.example.org")).hasSize(1);
    assertThat(known.entriesFor("bad.example.org")).isEmpty();
    assertThat(known.entriesFor("node1")).hasSize(1);
    assertThat(known.entriesFor("node12")).isEmpty();
    assertThat(known.entriesFor("10.0.0.7")).hasSize(1);
    assertThat(known.entriesFor("[gw.example.org]:2222")).hasSize(1);
    assertThat(known.entriesFor("[gw.example.org]:2200")).isEmpty();
    assertThat(known.entriesFor("gw.example.org"))
        .extracting(Entry::lineNumber)
        .containsExactly(1, 3);
  }

  @Test
  void markersCommentsAndDamagedLines() {
    KnownHosts known =
        KnownHosts.parse(
            "# a comment\n"
                + "\n"
                + "@revoked host1 ssh-ed25519 "
                + KEY
                + "\n"
                + "@cert-authority *.example.org ssh-ed25519 "
                + KEY
                + " ca@example\n"
                + "host1 ssh-ed25519\n"
                + "host1 ssh-ed25519 not*base64\n"
                + "host1 ssh-ed25519 "
                + KEY
                + " comment with spaces\r\n");

    assertThat(known.entriesFor("host1")).extracting(Entry::lineNumber).containsExactly(3, 7);
    Entry revoked = known.entriesFor("host1").get(0);
    assertThat(revoked.isRevoked()).isTrue();
    assertThat(known.entriesFor("a.example.org").get(0).isCertAuthority()).isTrue();
    assertThat(known.entriesFor("host1").get(1).fingerprint()).isEqualTo(KEY_FINGERPRINT);
  }

  @Test
  void lineIsWhatSshKeyscanPrints() {
    byte[] blob = java.util.Base64.getDecoder().decode(KEY);
    assertThat(KnownHosts.line("[127.0.0.1]:2222", "ssh-ed25519", blob))
        .isEqualTo("[127.0.0.1]:2222 ssh-ed25519 " + KEY);
  }

  @Test
  void missingFileHasNoEntries() throws Exception {
    assertThat(KnownHosts.read(Path.of("/nonexistent/known_hosts")).entriesFor("x")).isEmpty();
  }
}
