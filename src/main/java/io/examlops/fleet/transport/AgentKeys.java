package io.examlops.fleet.transport;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.AgentProxyException;
import com.jcraft.jsch.Identity;
import com.jcraft.jsch.IdentityRepository;
import com.jcraft.jsch.SSHAgentConnector;
import com.jcraft.jsch.UnixDomainSocketFactory;
import io.examlops.fleet.settings.Variables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys an ssh-agent holds, by fingerprint: what the approval gate compares with a pin without
 * connecting anywhere. Only public key blobs are asked for (the agent never hands out more).
 */
public final class AgentKeys {
  private AgentKeys() {}

  /**
   * The SHA256 fingerprints of the agent's keys, in the agent's order.
   *
   * @throws IllegalStateException naming the socket when there is no agent, or it does not answer
   */
  public static List<String> fingerprints(Path socket) {
    List<String> fingerprints = new ArrayList<>();
    for (Identity key : repository(socket).getIdentities()) {
      fingerprints.add(KeyFingerprint.ofPublicKeyBlob(key.getPublicKeyBlob()));
    }
    return fingerprints;
  }

  /**
   * {@code the ssh-agent at SOCKET does not hold key WANTED (it holds A, B)}: fingerprints only,
   * never key material.
   */
  public static String missing(String wanted, Path socket, List<String> held) {
    return "the ssh-agent at "
        + socket
        + " does not hold key "
        + wanted
        + (held.isEmpty() ? " (it holds no key)" : " (it holds " + String.join(", ", held) + ")");
  }

  /** The agent at {@code socket}, answering. */
  static IdentityRepository repository(Path socket) {
    if (socket == null) {
      throw new IllegalStateException(
          "no ssh-agent is running (" + Variables.SSH_AUTH_SOCK + " is unset)");
    }
    IdentityRepository agent;
    try {
      agent =
          new AgentIdentityRepository(new SSHAgentConnector(new UnixDomainSocketFactory(), socket));
    } catch (AgentProxyException e) {
      throw new IllegalStateException(
          "cannot use the ssh-agent at " + socket + " (" + e.getMessage() + ")", e);
    }
    if (agent.getStatus() != IdentityRepository.RUNNING) {
      throw new IllegalStateException(
          "the ssh-agent at "
              + socket
              + " ("
              + Variables.SSH_AUTH_SOCK
              + ") does not answer; start ssh-agent and set "
              + Variables.SSH_AUTH_SOCK
              + " to its socket");
    }
    return agent;
  }
}
