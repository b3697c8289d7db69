package io.examlops.fleet.cli;

import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.HostKeyPolicy;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Path;
import java.time.Duration;
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

  @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "10", description = "Seconds to reach the host (default: ${DEFAULT-VALUE}).")
  int connectTimeoutSeconds;

  @Option(names = "--command-timeout", paramLabel = "SECONDS", defaultValue = "60", description = "Seconds one query command may run (default: ${DEFAULT-VALUE}).")
  int commandTimeoutSeconds;

  /** The endpoint for {@code host} (or the environment's, or this machine). */
  Endpoint endpoint(String host, Map<String, String> env) {
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
    var options =
        new TransportOptions(
            Duration.ofSeconds(connectTimeoutSeconds),
            Duration.ofSeconds(commandTimeoutSeconds),
            TransportOptions.DEFAULTS.maxOutputBytes());
    Path keyPath = key == null ? null : Path.of(KeyMaterial.requireKeyPath(key, "--key"));
    return Endpoint.resolve(
        host, port, user, keyPath, knownHosts, mode, pinnedFingerprint, env, options);
  }
}
