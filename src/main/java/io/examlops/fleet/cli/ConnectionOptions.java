package io.examlops.fleet.cli;

import io.examlops.fleet.discovery.HostTarget;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How to reach a host over SSH; everything left out comes from EXAMLOPS_HPC_SSH_*. */
final class ConnectionOptions {
  @Option(
      names = "--user",
      paramLabel = "USER",
      description = "SSH user (default: $EXAMLOPS_HPC_SSH_USER, else your user name).")
  String user;

  @Option(
      names = "--key",
      paramLabel = "PATH",
      description =
          "SSH private key file, never its content (default: $EXAMLOPS_HPC_SSH_KEY, else ~/.ssh/id_ed25519 or ~/.ssh/id_rsa).")
  @Fills("keyPath")
  String key;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "SSH port (default: $EXAMLOPS_HPC_SSH_PORT, else 22).")
  Integer port;

  @Option(
      names = "--known-hosts",
      paramLabel = "FILE",
      description =
          "OpenSSH known_hosts file to verify the host key against (default: $EXAMLOPS_HPC_SSH_KNOWN_HOSTS, else ~/.ssh/known_hosts).")
  @Fills("knownHostsFile")
  Path knownHosts;

  @Option(
      names = "--accept-new-host-key",
      description =
          "Trust an UNKNOWN host key on first use and record it in known_hosts (a changed key is still refused).")
  @Fills("acceptNewHostKey")
  boolean acceptNew;

  @Option(
      names = "--host-key-fingerprint",
      paramLabel = "SHA256:...",
      description = "Accept only this host key fingerprint, as `ssh-keygen -lf` prints it.")
  @Fills("hostKeyFingerprint")
  String pinnedFingerprint;

  @Option(
      names = "--insecure-no-host-key-check",
      description =
          "Do not verify the host key at all. Unsafe: anyone on the path can impersonate the host.")
  boolean noHostKeyCheck;

  @Option(
      names = "--connect-timeout",
      paramLabel = "SECONDS",
      description = "Seconds to reach the host over SSH (default: 10).")
  Integer connectTimeoutSeconds;

  @Option(
      names = "--command-timeout",
      paramLabel = "SECONDS",
      defaultValue = "60",
      description = "Seconds one query command may run (default: ${DEFAULT-VALUE}).")
  int commandTimeoutSeconds;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description =
          "For a Slurm REST API (HOST given as https://... or unix:/PATH): the file holding a token the site"
              + " issued (SLURM_JWT); requests act as --user. Never the token itself.")
  @Fills("tokenFile")
  java.nio.file.Path tokenFile;

  @Option(
      names = "--signing-key",
      paramLabel = "FILE",
      description =
          "For a Slurm REST API: the file holding the cluster's JWT signing key (jwt_hs256.key);"
              + " the fleet mints a short-lived token per user it acts for. Holding it is holding"
              + " every account on the cluster.")
  @Fills("signingKey")
  java.nio.file.Path signingKey;

  @Option(
      names = "--certificate",
      paramLabel = "SHA256:...",
      description =
          "For a Slurm REST API over https: accept only the TLS certificate with this SHA-256"
              + " fingerprint (of its DER form) instead of one a trusted authority signed.")
  @Fills("hostKeyFingerprint")
  String certificate;

  /** The target these options describe for {@code host} ({@code null}: the environment's). */
  HostTarget target(String host) {
    return new HostTarget(
        host,
        port,
        user,
        key,
        knownHosts == null ? null : knownHosts.toString(),
        acceptNew,
        pinnedFingerprint != null ? pinnedFingerprint : certificate,
        noHostKeyCheck,
        connectTimeoutSeconds,
        commandTimeoutSeconds,
        tokenFile == null ? null : tokenFile.toAbsolutePath().toString(),
        signingKey == null ? null : signingKey.toAbsolutePath().toString());
  }
}
