package io.examlops.fleet.jenkins;

/**
 * An "SSH Username with private key" credential as Jenkins stores it: the key's text (never a path:
 * Jenkins writes it to a file only inside {@code withCredentials}).
 *
 * @param user the user name
 * @param privateKey the private key, PEM or OpenSSH text
 * @param passphrase the key's passphrase, or {@code null}
 */
public record SshCredential(String user, String privateKey, String passphrase) {}
