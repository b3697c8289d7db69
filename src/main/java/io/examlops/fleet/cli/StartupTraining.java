package io.examlops.fleet.cli;

import io.examlops.fleet.settings.Variables;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The training run of the launcher's class-data-sharing archive ({@code scripts/exa-java.sh}): runs
 * the registry-only commands and a submission waited on (on the trial backend) once, in this
 * process, on a throwaway registry, and the JDK's cryptography of an SSH connection, so that the
 * JVM can archive every class they load. Touches neither the user's clusters.yaml nor platform.db,
 * and prints nothing.
 */
public final class StartupTraining {
  /** The training job's script, in the throwaway directory: it ends at once. */
  private static final String JOB = "training-job.sh";

  private static final List<List<String>> COMMANDS =
      List.of(
          List.of("--version"),
          List.of("--help"),
          List.of("hpc", "--help"),
          List.of("hpc", "clusters", "--help"),
          List.of("hpc", "clusters"),
          List.of("hpc", "connect", "local", "--name", "training", "--scheduler", "mock"),
          List.of("hpc", "approve", "training"),
          List.of("hpc", "clusters"),
          List.of("--json", "hpc", "clusters"),
          List.of("hpc", "env", "training"),
          List.of("hpc", "audit"),
          List.of("--json", "hpc", "audit"),
          List.of("hpc", "jobs", "--no-refresh"),
          List.of("--json", "hpc", "jobs", "--no-refresh"),
          List.of("hpc", "place", "--gpus", "1"),
          List.of("--json", "hpc", "place", "--gpus", "1"),
          List.of("hpc", "capacity"),
          List.of("hpc", "approve", "no-such-cluster"),
          // the path of a submission that is waited on, on the trial backend (SSH's part below)
          List.of("hpc", "submit", "--cluster", "training", "--gpus", "0", "--wait", JOB));

  private StartupTraining() {}

  public static void main(String[] args) throws IOException {
    Map<String, String> env = new HashMap<>(System.getenv());
    Exa.prepareProcess(env, args);
    Path dir = Files.createTempDirectory("exa-startup-training-");
    try {
      env.put(Variables.REGISTRY, dir.resolve("clusters.yaml").toString());
      env.put(Variables.DATA_DIR, dir.resolve("data").toString());
      env.put(Variables.PLATFORM_DB, dir.resolve("data/platform.db").toString());
      env.remove(Variables.CLUSTER);
      Files.writeString(dir.resolve(JOB), "#!/bin/sh\ntrue\n");
      PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
      for (List<String> command : COMMANDS) {
        String[] words =
            command.stream()
                .map(w -> w.equals(JOB) ? dir.resolve(JOB).toString() : w)
                .toArray(String[]::new);
        Exa.execute(words, env, nowhere, nowhere);
      }
      sshPrimitives();
    } finally {
      deleteTree(dir);
    }
  }

  /**
   * What a connection over SSH runs of the JDK's cryptography, once, with no server to connect to:
   * the key exchange OpenSSH and jsch agree on (X25519), the host and user keys' signatures
   * (Ed25519), the session's cipher and MAC (AES-GCM, HMAC-SHA256), its hash (SHA-256). A
   * submission over SSH otherwise loaded about 120 of their classes from the JDK's modules before
   * its first command could be sent. Where this JDK lacks one, the archive only holds fewer
   * classes.
   */
  private static void sshPrimitives() {
    try {
      KeyPairGenerator xdh = KeyPairGenerator.getInstance("X25519");
      KeyAgreement agreement = KeyAgreement.getInstance("XDH");
      agreement.init(xdh.generateKeyPair().getPrivate());
      agreement.doPhase(xdh.generateKeyPair().getPublic(), true);
      byte[] secret = agreement.generateSecret();
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(secret);
      KeyPair ed = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
      Signature sign = Signature.getInstance("Ed25519");
      sign.initSign(ed.getPrivate());
      sign.update(hash);
      Signature verify = Signature.getInstance("Ed25519");
      verify.initVerify(ed.getPublic());
      verify.update(hash);
      verify.verify(sign.sign());
      Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
      gcm.init(
          Cipher.ENCRYPT_MODE,
          new SecretKeySpec(hash, 0, 16, "AES"),
          new GCMParameterSpec(128, Arrays.copyOf(hash, 12)));
      gcm.doFinal(secret);
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(hash, "HmacSHA256"));
      mac.doFinal(secret);
    } catch (GeneralSecurityException e) {
      // nothing to archive of what this JDK does not offer
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(StartupTraining::delete);
    }
  }

  private static void delete(Path path) {
    try {
      Files.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
