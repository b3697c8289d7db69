package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.JobGate;
import io.examlops.fleet.transport.TestKeys.Format;
import io.examlops.fleet.transport.TransportException.Step;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SshRunnerTest {
  private static final TransportOptions FAST =
      new TransportOptions(Duration.ofSeconds(2), Duration.ofSeconds(10), 1 << 20);
  private static final String PASSPHRASE = "correct horse battery";

  @TempDir static Path keys;
  private static TestSshServer server;
  private static Path ed25519;
  private static Path rsa;
  private static Path pemRsa;
  private static Path locked;
  private static Path stranger;

  @TempDir Path dir;
  private Path knownHosts;
  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private Secret passphrase = Secret.NONE;

  @BeforeAll
  static void startServer() throws Exception {
    server = new TestSshServer();
    ed25519 = TestKeys.generate(keys, "id_ed25519", Format.ED25519);
    rsa = TestKeys.generate(keys, "id_rsa", Format.RSA);
    pemRsa = TestKeys.generate(keys, "id_rsa_pem", Format.PEM_RSA);
    locked = TestKeys.generate(keys, "id_locked", Format.ED25519, PASSPHRASE);
    stranger = TestKeys.generate(keys, "id_stranger", Format.ED25519);
    for (Path key : List.of(ed25519, rsa, pemRsa, locked)) {
      server.authorize(key);
    }
  }

  @AfterAll
  static void stopServer() throws IOException {
    server.close();
  }

  @BeforeEach
  void knownHostsListsTheServer() throws IOException {
    knownHosts = dir.resolve("known_hosts");
    Files.writeString(knownHosts, server.knownHostsLine() + "\n");
  }

  private SshRunner runner(Path key, HostKeyPolicy policy) {
    return runner(key, policy, FAST);
  }

  private SshRunner runner(Path key, HostKeyPolicy policy, TransportOptions options) {
    SshTarget target = new SshTarget("127.0.0.1", server.port(), "hpcuser", key);
    return new SshRunner(
        target,
        policy.withKnownHosts(knownHosts),
        options,
        new ClientEnvironment(passphrase, warnings::add));
  }

  private static TransportException failure(SshRunner runner) {
    try (runner) {
      return catchThrowableOfType(TransportException.class, () -> runner.run("true"));
    }
  }

  @Test
  void ed25519KeyRunsCommandsWithExitCodeOutputAndUtf8() {
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      CommandResult result = runner.run("printf 'ƒ ✔\\n'; echo oops >&2; exit 3");

      assertThat(result.exitCode()).isEqualTo(3);
      assertThat(result.stdout()).isEqualTo("ƒ ✔\n");
      assertThat(result.stderr()).isEqualTo("oops\n");
      assertThat(result.truncated()).isFalse();
      assertThat(runner.target()).isEqualTo("hpcuser@127.0.0.1:" + server.port());
      assertThat(warnings).isEmpty();
    }
  }

  @Test
  void rsaKeysInOpenSshAndPemFormatAuthenticate() {
    for (Path key : List.of(rsa, pemRsa)) {
      try (SshRunner runner = runner(key, HostKeyPolicy.strict(knownHosts))) {
        assertThat(runner.run("echo ok").stdout()).isEqualTo("ok\n");
      }
    }
  }

  @Test
  void allCommandsShareOneSessionAndTheHostKeyFingerprintIsExposed() {
    int before = server.sessionsOpened();
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      assertThat(runner.hostKeyFingerprint()).isEmpty();
      for (int i = 0; i < 5; i++) {
        assertThat(runner.run("echo " + i).stdout()).isEqualTo(i + "\n");
      }
      assertThat(runner.commandsRun()).isEqualTo(5);
      assertThat(runner.hostKeyFingerprint()).contains(server.hostKeyFingerprint());
    }
    assertThat(server.sessionsOpened() - before).isEqualTo(1);
  }

  @Test
  void commandsThatEndAtOnceEachStartAndReportTheirStatus() {
    // A command that ends before jsch has started its channel once raced jsch's stdin feeder: an
    // NPE in connect, reported as "cannot start" (seen in CI on the testbed's sinfo).
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      for (int i = 0; i < 400; i++) {
        assertThat(runner.run("exit " + (i % 3)).exitCode()).isEqualTo(i % 3);
      }
      assertThat(runner.run("head -c 3", "abcdef".getBytes(StandardCharsets.UTF_8)).stdout())
          .isEqualTo("abc");
    }
  }

  @Test
  void missingProgramIsExitCode127NotAnError() {
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      CommandResult result = runner.run("no-such-program-xyz --version");
      assertThat(result.exitCode()).isEqualTo(127);
      assertThat(result.commandNotFound()).isTrue();
    }
  }

  @Test
  void stdinIsClosedSoACommandReadingInputEnds() {
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      assertThat(runner.run("cat; echo done").stdout()).isEqualTo("done\n");
    }
  }

  @Test
  void stdinCarriesTheGivenBytesThenEndOfFile() {
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      byte[] script = "#!/bin/sh\nexport K='v w'\necho \"$K\"\n".getBytes(StandardCharsets.UTF_8);
      CommandResult result = runner.run("sh -s; echo end", script);
      assertThat(result.stdout()).isEqualTo("v w\nend\n");
      byte[] large = "z".repeat(300_000).getBytes(StandardCharsets.UTF_8);
      assertThat(runner.run("wc -c", large).stdout().strip()).isEqualTo("300000");
    }
  }

  @Test
  void outputAboveTheCapIsCutAndMarkedTruncated() {
    TransportOptions small =
        new TransportOptions(Duration.ofSeconds(2), Duration.ofSeconds(10), 1000);
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts), small)) {
      CommandResult result = runner.run("head -c 200000 /dev/zero | tr '\\0' x; echo tail >&2");
      assertThat(result.stdout()).hasSize(1000).matches("x+");
      assertThat(result.stderr()).isEqualTo("tail\n");
      assertThat(result.truncated()).isTrue();
    }
  }

  @Test
  void commandTimeoutFailsThatCommandAndTheSessionStaysUsable() {
    TransportOptions quick =
        new TransportOptions(Duration.ofSeconds(2), Duration.ofMillis(500), 1 << 20);
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts), quick)) {
      TransportException e =
          catchThrowableOfType(TransportException.class, () -> runner.run("sleep 30"));
      // Ended by the timeout (its step and its 0.5 s), not by the command, which would take 30 s.
      assertThat(e.step()).isEqualTo(Step.TIMEOUT);
      assertThat(e.getMessage()).contains("sleep 30", "0.5 s");
      assertThat(runner.run("echo still here").stdout()).isEqualTo("still here\n");
    }
  }

  @Test
  void keyTheServerDoesNotKnowIsAnAuthenticationFailure() {
    int before = server.sessionsOpened();
    TransportException e = failure(runner(stranger, HostKeyPolicy.strict(knownHosts)));
    assertThat(server.sessionsOpened() - before)
        .as("refused at once, not tried again")
        .isEqualTo(1);

    assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
    assertThat(e.getMessage())
        .contains(
            "hpcuser@127.0.0.1:" + server.port(),
            "authorized_keys",
            TestKeys.sshKeygenFingerprint(Path.of(stranger + ".pub")))
        .doesNotContain("PRIVATE KEY");
  }

  @Test
  void passphraseComesFromTheEnvironmentVariable() {
    passphrase = Secret.of(PASSPHRASE);
    try (SshRunner runner = runner(locked, HostKeyPolicy.strict(knownHosts))) {
      assertThat(runner.run("echo unlocked").stdout()).isEqualTo("unlocked\n");
    }
  }

  @Test
  void lockedKeyWithoutPassphraseNamesTheVariable() {
    TransportException e = failure(runner(locked, HostKeyPolicy.strict(knownHosts)));
    assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
    assertThat(e.getMessage()).contains("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE", locked.toString());
  }

  @Test
  void wrongPassphraseIsRefusedWithoutShowingIt() {
    passphrase = Secret.of("wrong guess");
    TransportException e = failure(runner(locked, HostKeyPolicy.strict(knownHosts)));
    assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
    assertThat(e.getMessage()).contains("does not unlock").doesNotContain("wrong guess");
  }

  @Test
  void unknownHostKeyIsRefusedWithFingerprintAndHowToAcceptIt() throws IOException {
    Files.writeString(knownHosts, "");
    int before = server.sessionsOpened();
    TransportException e = failure(runner(ed25519, HostKeyPolicy.strict(knownHosts)));

    assertThat(e.step()).isEqualTo(Step.HOST_KEY);
    assertThat(server.sessionsOpened() - before)
        .as("refused at once, not tried again")
        .isEqualTo(1);
    assertThat(e.getMessage())
        .contains(
            server.hostKeyFingerprint(),
            "ecdsa-sha2-nistp256",
            "127.0.0.1:" + server.port(),
            "ssh-keyscan -p " + server.port() + " -t ecdsa 127.0.0.1",
            "trust it on first use");
    assertThat(e.hint())
        .as("each surface names its own way to trust the key on first use")
        .contains(
            io.examlops.fleet.model.Hint.of(
                io.examlops.fleet.model.Hint.Action.ACCEPT_NEW_HOST_KEY));
  }

  @Test
  void otherKeyTypesForTheHostDoNotMakeAnOfferedKeyKnown() throws IOException {
    String rsaLine =
        TestKeys.read(Path.of(rsa + ".pub")).split(" ")[0]
            + " "
            + TestKeys.read(Path.of(rsa + ".pub")).split(" ")[1];
    Files.writeString(knownHosts, "[127.0.0.1]:" + server.port() + " " + rsaLine + "\n");
    TransportException e = failure(runner(ed25519, HostKeyPolicy.strict(knownHosts)));

    assertThat(e.step()).isEqualTo(Step.HOST_KEY);
    assertThat(e.getMessage())
        .contains("is not in", "only other key types", "ssh-rsa")
        .doesNotContain("CHANGED");
  }

  @Test
  void acceptNewRecordsTheKeyWarnsAndTheNextStrictConnectSucceeds() throws IOException {
    Files.delete(knownHosts);
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.acceptNew(knownHosts))) {
      assertThat(runner.run("echo first").stdout()).isEqualTo("first\n");
    }
    assertThat(Files.readString(knownHosts)).isEqualTo(server.knownHostsLine() + "\n");
    assertThat(warnings)
        .singleElement()
        .asString()
        .contains("first use", server.hostKeyFingerprint(), knownHosts.toString());

    warnings.clear();
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      assertThat(runner.run("echo again").stdout()).isEqualTo("again\n");
    }
    assertThat(warnings).isEmpty();
  }

  @Test
  void hashedKnownHostsEntryIsAccepted() throws IOException {
    TestKeys.run(List.of("ssh-keygen", "-q", "-H", "-f", knownHosts.toString()));
    assertThat(Files.readString(knownHosts)).startsWith("|1|").doesNotContain("127.0.0.1");

    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      assertThat(runner.run("echo hashed").stdout()).isEqualTo("hashed\n");
    }
  }

  @Test
  void changedHostKeyIsRefusedUnderEveryPolicyButNone() throws IOException {
    String otherKeyLine = server.knownHostsLineWithOtherKey();
    Files.writeString(knownHosts, otherKeyLine + "\n");
    String oldFingerprint =
        KnownHosts.parse(otherKeyLine)
            .entriesFor("[127.0.0.1]:" + server.port())
            .get(0)
            .fingerprint();

    for (HostKeyPolicy policy :
        List.of(
            HostKeyPolicy.strict(knownHosts),
            HostKeyPolicy.acceptNew(knownHosts),
            HostKeyPolicy.pinned(knownHosts, server.hostKeyFingerprint()))) {
      TransportException e = failure(runner(ed25519, policy));
      assertThat(e.step()).as(policy.mode().name()).isEqualTo(Step.HOST_KEY);
      assertThat(e.getMessage())
          .as(policy.mode().name())
          .contains("HAS CHANGED", oldFingerprint, server.hostKeyFingerprint(), "ssh-keygen -R");
    }
    assertThat(Files.readString(knownHosts)).isEqualTo(otherKeyLine + "\n");

    try (SshRunner runner = runner(ed25519, HostKeyPolicy.none(knownHosts))) {
      assertThat(runner.run("echo unchecked").stdout()).isEqualTo("unchecked\n");
    }
    assertThat(warnings).singleElement().asString().contains("OFF", "DIFFERENT key");
  }

  @Test
  void pinnedFingerprintMustMatch() throws IOException {
    Files.writeString(knownHosts, "");
    try (SshRunner runner =
        runner(ed25519, HostKeyPolicy.pinned(knownHosts, server.hostKeyFingerprint()))) {
      assertThat(runner.run("echo pinned").stdout()).isEqualTo("pinned\n");
    }

    String otherPin = KeyFingerprint.ofPublicKeyBlob(new byte[] {1, 2, 3});
    TransportException e = failure(runner(ed25519, HostKeyPolicy.pinned(knownHosts, otherPin)));
    assertThat(e.step()).isEqualTo(Step.HOST_KEY);
    assertThat(e.getMessage()).contains(otherPin, server.hostKeyFingerprint(), "pinned");
  }

  @Test
  void closedPortFailsFastAtConnect() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    SshRunner runner =
        new SshRunner(
            new SshTarget("127.0.0.1", closedPort, "hpcuser", ed25519),
            HostKeyPolicy.strict(knownHosts).withKnownHosts(knownHosts),
            new TransportOptions(Duration.ofSeconds(60), Duration.ofSeconds(10), 1 << 20),
            new ClientEnvironment(passphrase, warnings::add));
    TransportException e = failure(runner);

    // Refused (the message says so), not given up after the connect timeout of a minute.
    assertThat(e.step()).isEqualTo(Step.CONNECT);
    assertThat(e.getMessage()).contains("refused", "127.0.0.1:" + closedPort, "sshd");
  }

  @Test
  void serverThatAcceptsButNeverSpeaksFailsWithinTheConnectTimeout() throws IOException {
    TransportOptions oneSecond =
        new TransportOptions(Duration.ofSeconds(1), Duration.ofSeconds(60), 1 << 20);
    try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      // The kernel completes the TCP handshake from the backlog; nothing ever answers.
      SshRunner runner =
          new SshRunner(
              new SshTarget("127.0.0.1", silent.getLocalPort(), "hpcuser", ed25519),
              HostKeyPolicy.strict(knownHosts).withKnownHosts(knownHosts),
              oneSecond,
              new ClientEnvironment(passphrase, warnings::add));
      TransportException e = failure(runner);

      // The message says the 1 s connect timeout ended it; the 60 s command timeout is the next.
      assertThat(e.step()).isEqualTo(Step.CONNECT);
      assertThat(e.getMessage()).contains("no SSH handshake within 1 s");
    }
  }

  @Test
  void keyReadableByOthersIsRefusedWithTheChmodFix() throws IOException {
    Path loose = dir.resolve("id_loose");
    Files.copy(ed25519, loose);
    Files.setPosixFilePermissions(loose, PosixFilePermissions.fromString("rw-r--r--"));
    int before = server.sessionsOpened();
    TransportException e = failure(runner(loose, HostKeyPolicy.strict(knownHosts)));

    assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
    assertThat(e.getMessage()).contains("UNPROTECTED PRIVATE KEY FILE", "chmod 600 " + loose);
    assertThat(server.sessionsOpened()).as("refused before connecting").isEqualTo(before);
  }

  @Test
  void missingKeyIsRefusedBeforeConnecting() {
    Path missing = dir.resolve("id_missing");
    TransportException e = failure(runner(missing, HostKeyPolicy.strict(knownHosts)));
    assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
    assertThat(e.getMessage()).contains(missing.toString(), "does not exist");
  }

  @Test
  void publicKeyGivenAsKeyIsRefused() {
    Path pub = Path.of(ed25519 + ".pub");
    TransportException e = failure(runner(pub, HostKeyPolicy.strict(knownHosts)));
    assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
    assertThat(e.getMessage()).contains("is a public key", "without .pub");
  }

  @Test
  void commandsFromManyThreadsRunAtOnceOnOneConnectionAndWaitTheirTurnPastTheChannelLimit()
      throws Exception {
    // A server that refuses a fifth channel (as sshd past MaxSessions does), a runner that opens
    // three at most, and seven commands that wait at a gate: without the limit, three would fail.
    TransportOptions threeChannels =
        new TransportOptions(Duration.ofSeconds(2), Duration.ofSeconds(30), 1 << 20, 3);
    ExecutorService threads = Executors.newFixedThreadPool(7);
    try (TestSshServer limited = new TestSshServer(4);
        JobGate gate = JobGate.in(dir);
        SshRunner runner =
            new SshRunner(
                new SshTarget("127.0.0.1", limited.port(), "hpcuser", ed25519),
                HostKeyPolicy.pinned(knownHosts, limited.hostKeyFingerprint()),
                threeChannels,
                new ClientEnvironment(passphrase, warnings::add))) {
      limited.authorize(ed25519);
      List<Future<CommandResult>> runs = new ArrayList<>();
      for (int i = 0; i < 7; i++) {
        String started = ShellQuote.quote(dir.resolve("started-" + i).toString());
        String command = "touch " + started + "\n" + gate.waitLine() + "echo " + i;
        runs.add(threads.submit(() -> runner.run(command)));
      }
      Eventually.waitUntil("three commands run at once", () -> started(dir) == 3);
      gate.open();
      for (int i = 0; i < 7; i++) {
        assertThat(runs.get(i).get(30, TimeUnit.SECONDS).stdout()).isEqualTo(i + "\n");
      }
      assertThat(started(dir)).isEqualTo(7);
      assertThat(limited.sessionsOpened()).isEqualTo(1);
      assertThat(runner.commandsRun()).isEqualTo(7);
    } finally {
      threads.shutdownNow();
    }
  }

  private static long started(Path dir) {
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith("started-")).count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aConnectionTheServerDroppedIsMadeAgainByTheNextCommand() {
    int before = server.sessionsOpened();
    try (SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      assertThat(runner.run("echo one").stdout()).isEqualTo("one\n");
      int closed = server.sessionsClosed();
      server.dropConnections();
      Eventually.waitUntil("the server closed the session", () -> server.sessionsClosed() > closed);

      assertThat(runner.run("echo two").stdout()).isEqualTo("two\n");
      assertThat(runner.run("echo three").stdout()).isEqualTo("three\n");
    }
    assertThat(server.sessionsOpened() - before).isEqualTo(2);
  }

  @Test
  void aCommandWhoseConnectionWasLostWhileItRanFailsAndIsNotRunAgain() throws Exception {
    Path runs = dir.resolve("runs");
    try (JobGate gate = JobGate.in(dir);
        SshRunner runner = runner(ed25519, HostKeyPolicy.strict(knownHosts))) {
      String command = "echo ran >> " + ShellQuote.quote(runs.toString()) + "\n" + gate.waitLine();
      CompletableFuture<CommandResult> run =
          CompletableFuture.supplyAsync(() -> runner.run(command));
      Eventually.waitUntil("the command started", () -> Files.exists(runs));
      server.dropConnections();

      ExecutionException failed =
          catchThrowableOfType(ExecutionException.class, () -> run.get(30, TimeUnit.SECONDS));
      assertThat(failed.getCause()).isInstanceOf(TransportException.class);
      TransportException e = (TransportException) failed.getCause();
      assertThat(e.step()).isEqualTo(Step.COMMAND);
      assertThat(e.getMessage()).contains("connection was lost", "ran >>", "not run again");
      gate.open();
      assertThat(Files.readAllLines(runs)).containsExactly("ran");
      assertThat(runner.run("echo after").stdout())
          .as("the next command connects again")
          .isEqualTo("after\n");
    }
  }

  @Test
  void aConnectionClosedDuringTheHandshakeIsTriedAgain() throws IOException {
    int before = server.sessionsOpened();
    try (FlakyPort flaky = new FlakyPort(server.port(), 2);
        SshRunner runner =
            new SshRunner(
                new SshTarget("127.0.0.1", flaky.port(), "hpcuser", ed25519),
                HostKeyPolicy.pinned(knownHosts, server.hostKeyFingerprint()),
                FAST,
                new ClientEnvironment(passphrase, warnings::add))) {
      assertThat(runner.run("echo third time").stdout()).isEqualTo("third time\n");
      assertThat(flaky.accepted()).isEqualTo(3);
    }
    assertThat(server.sessionsOpened() - before).isEqualTo(1);
  }

  @Test
  void aHostThatKeepsClosingTheConnectionFailsAfterTheLastAttempt() throws IOException {
    try (FlakyPort flaky = new FlakyPort(server.port(), Integer.MAX_VALUE)) {
      TransportException e =
          failure(
              new SshRunner(
                  new SshTarget("127.0.0.1", flaky.port(), "hpcuser", ed25519),
                  HostKeyPolicy.pinned(knownHosts, server.hostKeyFingerprint()),
                  FAST,
                  new ClientEnvironment(passphrase, warnings::add)));
      assertThat(e.step()).isEqualTo(Step.CONNECT);
      assertThat(e.getMessage()).contains("closed the connection during the SSH handshake");
      assertThat(flaky.accepted()).isEqualTo(Backoff.CONNECT.attempts());
    }
  }
}
