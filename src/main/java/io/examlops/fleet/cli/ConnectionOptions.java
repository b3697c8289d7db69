package io.examlops.fleet.cli;

import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.HostKeyPolicy;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** How to reach a host over SSH; everything left out comes from EXAMLOPS_HPC_SSH_*. */
final class ConnectionOptions {
  @Option(names = "--user", paramLabel = "USER", description = "SSH user (default: $EXAMLOPS_HPC_SSH_USER, else your user name).")
  String user;

  @Option(names = "--key", paramLabel = "PATH", description = "SSH private key file, never its content (default: $EXAMLOPS_HPC_SSH_KEY, else ~/.ssh/id_ed25519 or ~/.ssh/id_rsa).")
  String key;

  @Option(names = "--port", paramLabel = "PORT", description = "SSH port (default: $EXAMLOPS_HPC_SSH_PORT, else 22).")
  Integer port;

  @Option(names = "--known-hosts", paramLabel = "FILE", description = "OpenSSH known_hosts file to verify the host key against (default: $EXAMLOPS_HPC_SSH_KNOWN_HOSTS, else ~/.ssh/known_hosts).")
  Path knownHosts;

  @Option(names = "--accept-new-host-key", description = "Trust an UNKNOWN host key on first use and record it in known_hosts (a changed key is still refused).")
  boolean acceptNew;

  @Option(names = "--host-key-fingerprint", paramLabel = "SHA256:...", description = "Accept only this host key fingerprint, as `ssh-keygen -lf` prints it.")
  String pinnedFingerprint;

  @Option(names = "--insecure-no-host-key-check", description = "Do not verify the host key at all. Unsafe: anyone on the path can impersonate the host.")
  boolean noHostKeyCheck;

  @Option(names = "--connect-timeout", paramLabel = "SECONDS", description = "Seconds to reach the host over SSH (default: 10).")
  Integer connectTimeoutSeconds;

  @Option(names = "--command-timeout", paramLabel = "SECONDS", defaultValue = "60", description = "Seconds one query command may run (default: ${DEFAULT-VALUE}).")
  int commandTimeoutSeconds;

  private static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;

  /**
   * The endpoint for {@code host} (or the environment's, or this machine). SSH options given for
   * this machine are refused: they would be silently ignored.
   */
  Endpoint endpoint(String host, Map<String, String> env) {
    Endpoint endpoint = resolve(host, env);
    if (endpoint.isLocal()) {
      refuseSshOptions("no HOST was given and " + Endpoint.HOST_VARIABLE + " is unset, so this");
    }
    return endpoint;
  }

  /** This machine, for {@code connect local}; SSH options are refused. */
  Endpoint local() {
    refuseSshOptions("`local`");
    return Endpoint.local(options());
  }

  private void refuseSshOptions(String target) {
    List<String> given = new ArrayList<>();
    addIf(given, user != null, "--user");
    addIf(given, key != null, "--key");
    addIf(given, port != null, "--port");
    addIf(given, knownHosts != null, "--known-hosts");
    addIf(given, acceptNew, "--accept-new-host-key");
    addIf(given, pinnedFingerprint != null, "--host-key-fingerprint");
    addIf(given, noHostKeyCheck, "--insecure-no-host-key-check");
    addIf(given, connectTimeoutSeconds != null, "--connect-timeout");
    if (!given.isEmpty()) {
      throw new IllegalArgumentException(
          String.join(", ", given)
              + (given.size() == 1 ? " applies" : " apply")
              + " to SSH only, but "
              + target
              + " command runs on this machine without SSH: drop "
              + (given.size() == 1 ? "it" : "them")
              + ", or name the HOST to reach over SSH");
    }
  }

  private static void addIf(List<String> given, boolean condition, String option) {
    if (condition) {
      given.add(option);
    }
  }

  private TransportOptions options() {
    if (connectTimeoutSeconds != null && connectTimeoutSeconds < 1) {
      throw new IllegalArgumentException(
          "--connect-timeout must be at least 1 second, got " + connectTimeoutSeconds);
    }
    if (commandTimeoutSeconds < 1) {
      throw new IllegalArgumentException(
          "--command-timeout must be at least 1 second, got " + commandTimeoutSeconds);
    }
    return new TransportOptions(
        Duration.ofSeconds(
            connectTimeoutSeconds == null ? DEFAULT_CONNECT_TIMEOUT_SECONDS : connectTimeoutSeconds),
        Duration.ofSeconds(commandTimeoutSeconds),
        TransportOptions.DEFAULTS.maxOutputBytes());
  }

  private Endpoint resolve(String host, Map<String, String> env) {
    int chosen = (acceptNew ? 1 : 0) + (pinnedFingerprint != null ? 1 : 0) + (noHostKeyCheck ? 1 : 0);
    if (chosen > 1) {
      throw new IllegalArgumentException(
          "choose at most one of --accept-new-host-key, --host-key-fingerprint and"
              + " --insecure-no-host-key-check");
    }
    HostKeyPolicy.Mode mode =
        acceptNew
            ? HostKeyPolicy.Mode.ACCEPT_NEW
            : pinnedFingerprint != null
                ? HostKeyPolicy.Mode.PINNED
                : noHostKeyCheck ? HostKeyPolicy.Mode.NONE : HostKeyPolicy.Mode.STRICT;
    Path keyPath = key == null ? null : Path.of(KeyMaterial.requireKeyPath(key, "--key"));
    return Endpoint.resolve(
        host, port, user, keyPath, knownHosts, mode, pinnedFingerprint, env, options());
  }
}
