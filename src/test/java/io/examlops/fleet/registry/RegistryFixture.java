package io.examlops.fleet.registry;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.Base64;
import java.util.Map;

/** A home directory with a key, clusters.yaml and platform.db in a test's temporary directory. */
final class RegistryFixture {
  /** Stands in for a private key's contents; must never show up in clusters.yaml or platform.db. */
  static final String KEY_MATERIAL =
      "-----BEGIN OPENSSH PRIVATE KEY-----\nc2VjcmV0LWtleS1tYXRlcmlhbC1mb3ItdGVzdHM=\n"
          + "-----END OPENSSH PRIVATE KEY-----\n";

  final Path home;
  final Path yaml;
  final Path db;
  final Map<String, String> env;

  RegistryFixture(Path dir) {
    this.home = dir.resolve("home");
    this.yaml = home.resolve(".config/examlops/clusters.yaml");
    this.db = dir.resolve("data/platform.db");
    this.env = Map.of("HOME", home.toString(), "EXAMLOPS_PLATFORM_DB", db.toString());
    try {
      writeKey("id_ed25519");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  Path writeKey(String name) throws IOException {
    Path key = home.resolve(".ssh").resolve(name);
    Files.createDirectories(key.getParent());
    Files.writeString(key, KEY_MATERIAL);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    return key;
  }

  ClusterRegistry open(Clock clock) {
    return ClusterRegistry.open(TestFleets.settings(env), clock);
  }

  ClustersFile clustersFile() {
    return new ClustersFile(yaml, TestFleets.settings(env).home());
  }

  static ClusterDefinition lxp(String host) {
    return ClusterDefinition.ssh(
        "lxp", SlurmAdapter.KIND, host, "hpcuser", "~/.ssh/id_ed25519", 22, fingerprint("hk1"));
  }

  /** A well-formed SHA256 fingerprint derived from a seed. */
  static String fingerprint(String seed) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
      return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static Fingerprints keys(String sshKeySeed, String hostKeySeed) {
    return new Fingerprints(fingerprint(sshKeySeed), fingerprint(hostKeySeed));
  }
}
