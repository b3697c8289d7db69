package io.examlops.fleet.transport;

import com.jcraft.jsch.Identity;
import com.jcraft.jsch.IdentityRepository;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.transport.TransportException.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Vector;

/**
 * The client key one SSH session offers: the target's key file (with the OpenSSH certificate that
 * lies beside it as {@code KEY-cert.pub}, if one does, or the one {@code CertificateFile} pairs
 * with it), or, when no key file is named, the keys of the ssh-agent at {@code SSH_AUTH_SOCK}: all
 * of them, or only the one an approval pinned. It remembers which key the server let sign, so the
 * audit trail pins the key actually used.
 */
final class ClientIdentity {
  private final String description;
  private final byte[] passphrase;
  private final String[] used = new String[1];

  private ClientIdentity(String description, byte[] passphrase) {
    this.description = description;
    this.passphrase = passphrase;
  }

  /**
   * Gives {@code jsch} the identity for {@code hop}; every problem is an AUTHENTICATION failure
   * naming {@code label}.
   */
  static ClientIdentity load(JSch jsch, SshTarget hop, String label, ClientEnvironment client) {
    try {
      return hop.key() != null ? keyFile(jsch, hop.key(), client) : agent(jsch, label, client);
    } catch (KeyFileException e) {
      throw new TransportException(label, Step.AUTHENTICATION, e.getMessage(), e);
    } catch (JSchException | IOException e) {
      throw new TransportException(
          label, Step.AUTHENTICATION, "cannot load the client key (" + e.getMessage() + ")", e);
    }
  }

  private static ClientIdentity keyFile(JSch jsch, Path path, ClientEnvironment client)
      throws JSchException, IOException {
    PrivateKeyFile keyFile = PrivateKeyFile.read(path);
    PrivateKeyFile.Unlocked key = keyFile.unlock(jsch, client.passphrase());
    Path certificate =
        client
            .certificates()
            .getOrDefault(path, path.resolveSibling(path.getFileName() + "-cert.pub"));
    boolean certified = Files.isRegularFile(certificate);
    ClientIdentity identity =
        new ClientIdentity(
            "key "
                + path
                + " ("
                + key.keyType()
                + " "
                + key.fingerprint()
                + (certified ? ", with certificate " + certificate : "")
                + ")",
            key.passphrase());
    jsch.addIdentity(
        keyFile.path().toString(),
        keyFile.content(),
        certified ? Files.readAllBytes(certificate) : null,
        key.passphrase());
    identity.used[0] = key.fingerprint();
    return identity;
  }

  private static ClientIdentity agent(JSch jsch, String label, ClientEnvironment client) {
    Path socket = client.agentSocket();
    if (socket == null) {
      throw new TransportException(
          label,
          Step.AUTHENTICATION,
          "no key file is named and no ssh-agent is running ("
              + Variables.SSH_AUTH_SOCK
              + " is unset); name a key file (the key option, IdentityFile in ~/.ssh/config, or "
              + Variables.SSH_KEY
              + "), or start ssh-agent and ssh-add your key");
    }
    IdentityRepository agent;
    try {
      agent = AgentKeys.repository(socket);
    } catch (IllegalStateException e) {
      throw new TransportException(
          label, Step.AUTHENTICATION, e.getMessage() + ", or name a key file", e);
    }
    String wanted = client.agentKey();
    List<Identity> offered = new ArrayList<>();
    List<String> held = new ArrayList<>();
    for (Identity key : agent.getIdentities()) {
      String fingerprint = KeyFingerprint.ofPublicKeyBlob(key.getPublicKeyBlob());
      held.add(fingerprint);
      if (wanted == null || wanted.equals(fingerprint)) {
        offered.add(key);
      }
    }
    if (held.isEmpty()) {
      throw new TransportException(
          label,
          Step.AUTHENTICATION,
          "the ssh-agent at "
              + socket
              + " ("
              + Variables.SSH_AUTH_SOCK
              + ") holds no key; add one with ssh-add, or name a key file");
    }
    if (offered.isEmpty()) {
      // Only the approved key may be offered: another key the server also accepts would log in
      // as something nobody approved.
      throw new TransportException(
          label,
          Step.AUTHENTICATION,
          AgentKeys.missing(wanted, socket, held) + "; add that key with `ssh-add KEY`");
    }
    ClientIdentity identity =
        new ClientIdentity(
            (wanted == null ? "the ssh-agent's keys (" : "the ssh-agent's key " + wanted + " (")
                + Variables.SSH_AUTH_SOCK
                + "="
                + socket
                + ")",
            null);
    jsch.setIdentityRepository(identity.recording(agent, offered));
    return identity;
  }

  /** What was offered, for messages: the key file with type and fingerprint, or the agent. */
  String description() {
    return description;
  }

  /** The fingerprint of the key that signed (or, for a key file, the one offered). */
  Optional<String> used() {
    return Optional.ofNullable(used[0]);
  }

  /** Clears the passphrase held for the connect. */
  void forget() {
    if (passphrase != null) {
      Arrays.fill(passphrase, (byte) 0);
    }
  }

  /**
   * The agent's keys offered, each noting when it is asked to sign: jsch asks only after the server
   * said it would accept that key, so the signer is the key the server took.
   */
  private IdentityRepository recording(IdentityRepository agent, List<Identity> offered) {
    return new IdentityRepository() {
      @Override
      public String getName() {
        return agent.getName();
      }

      @Override
      public int getStatus() {
        return agent.getStatus();
      }

      @Override
      public Vector<Identity> getIdentities() {
        Vector<Identity> wrapped = new Vector<>();
        for (Identity id : offered) {
          wrapped.add(new Recorded(id));
        }
        return wrapped;
      }

      @Override
      public boolean add(byte[] identity) {
        return false;
      }

      @Override
      public boolean remove(byte[] blob) {
        return false;
      }

      @Override
      public void removeAll() {
        // The agent's keys are the agent's business: this client never changes them.
      }
    };
  }

  /** One agent key that notes when it signs. */
  private final class Recorded implements Identity {
    private final Identity key;

    Recorded(Identity key) {
      this.key = key;
    }

    @Override
    public boolean setPassphrase(byte[] passphrase) throws JSchException {
      return key.setPassphrase(passphrase);
    }

    @Override
    public byte[] getPublicKeyBlob() {
      return key.getPublicKeyBlob();
    }

    @Override
    public byte[] getSignature(byte[] data) {
      used[0] = KeyFingerprint.ofPublicKeyBlob(key.getPublicKeyBlob());
      return key.getSignature(data);
    }

    @Override
    public byte[] getSignature(byte[] data, String algorithm) {
      used[0] = KeyFingerprint.ofPublicKeyBlob(key.getPublicKeyBlob());
      return key.getSignature(data, algorithm);
    }

    @Override
    public String getAlgName() {
      return key.getAlgName();
    }

    @Override
    public String getName() {
      return key.getName();
    }

    @Override
    public boolean isEncrypted() {
      return key.isEncrypted();
    }

    @Override
    public void clear() {
      key.clear();
    }
  }
}
