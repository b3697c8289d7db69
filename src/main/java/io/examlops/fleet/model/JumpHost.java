package io.examlops.fleet.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One jump host (OpenSSH's {@code ProxyJump} hop) on the way to a cluster's login node, as
 * clusters.yaml holds it once {@code ~/.ssh/config} was resolved at registration: where it is, as
 * whom, with which key, and the host key it presented. The hop's address and host key are part of
 * what an approval pins ({@link #pinned()}); its key is the user's way onto the bastion and grants
 * nothing on the cluster, so it is not.
 *
 * @param user the login name on the jump host
 * @param host its host name or address
 * @param port its SSH port
 * @param keyPath the private key file that logs in there; {@code null}: the ssh-agent's keys
 * @param hostKeyFingerprint the host key it must present; {@code null} only before registration
 *     recorded one (then known_hosts decides)
 */
public record JumpHost(
    String user, String host, int port, String keyPath, String hostKeyFingerprint) {

  /** How clusters.yaml writes one hop of {@code jump:}, and what a malformed one is told. */
  public static final String RULE =
      "user@host:port, as `ssh -J` takes it; several hops comma-separated, in connection order";

  /** In {@code jump_keys}: this hop logs in with the ssh-agent's keys. */
  public static final String AGENT = "agent";

  public JumpHost {
    ConnectionRules.user(user);
    ConnectionRules.host(host);
    port = ConnectionRules.port(port);
    keyPath = keyPath == null ? null : ConnectionRules.keyPath(keyPath);
    hostKeyFingerprint =
        hostKeyFingerprint == null ? null : ConnectionRules.fingerprint(hostKeyFingerprint);
  }

  /** {@code user@host:port}, with an IPv6 address in brackets. */
  public String address() {
    return user + "@" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** What an approval pins of this hop: {@code user@host:port host key SHA256:...}. */
  public String pinned() {
    return address() + " host key " + (hostKeyFingerprint == null ? "(none)" : hostKeyFingerprint);
  }

  /** The pins of a route's hops, in order. */
  public static List<String> pins(List<JumpHost> jumps) {
    return jumps.stream().map(JumpHost::pinned).toList();
  }

  /**
   * The hops clusters.yaml's {@code jump:}, {@code jump_keys:} and {@code jump_host_keys:} name,
   * each list comma-separated and in the same order; the lists of keys and of host keys are
   * optional, but when given they name one value per hop ({@code agent} in {@code jump_keys}: the
   * ssh-agent's keys for that hop).
   *
   * @throws IllegalArgumentException saying which value is wrong and how to write it
   */
  public static List<JumpHost> parse(String route, String keys, String hostKeys) {
    if (route == null) {
      if (keys != null || hostKeys != null) {
        throw new IllegalArgumentException(
            (keys != null ? "jump_keys" : "jump_host_keys")
                + " is set but jump is not: name the jump hosts in jump ("
                + RULE
                + "), or remove it");
      }
      return List.of();
    }
    List<String> hops = split(route);
    List<String> hopKeys = keys == null ? null : split(keys);
    List<String> pins = hostKeys == null ? null : split(hostKeys);
    sameCount("jump_keys", hopKeys, hops.size());
    sameCount("jump_host_keys", pins, hops.size());
    List<JumpHost> jumps = new ArrayList<>();
    for (int i = 0; i < hops.size(); i++) {
      String key = hopKeys == null || hopKeys.get(i).equals(AGENT) ? null : hopKeys.get(i);
      jumps.add(hop(hops.get(i), key, pins == null ? null : pins.get(i)));
    }
    return List.copyOf(jumps);
  }

  /** The three values clusters.yaml writes for {@code jumps}; {@code null} where none is due. */
  public static String route(List<JumpHost> jumps) {
    return jumps.isEmpty()
        ? null
        : String.join(",", jumps.stream().map(JumpHost::address).toList());
  }

  public static String keys(List<JumpHost> jumps) {
    return jumps.stream().allMatch(j -> j.keyPath() == null)
        ? null
        : String.join(
            ",", jumps.stream().map(j -> j.keyPath() == null ? AGENT : j.keyPath()).toList());
  }

  public static String hostKeys(List<JumpHost> jumps) {
    List<String> pins = hostKeyPins(jumps);
    return pins.isEmpty() ? null : String.join(",", pins);
  }

  /**
   * Each hop's host key, in order, when every hop has one (clusters.yaml names all or none); empty
   * otherwise, and then known_hosts decides and no approval can be given.
   */
  public static List<String> hostKeyPins(List<JumpHost> jumps) {
    return jumps.stream().anyMatch(j -> j.hostKeyFingerprint() == null)
        ? List.of()
        : jumps.stream().map(JumpHost::hostKeyFingerprint).toList();
  }

  private static JumpHost hop(String text, String key, String hostKey) {
    int at = text.indexOf('@');
    String rest = text.substring(at + 1);
    boolean bracketed = rest.startsWith("[");
    int colon = bracketed ? rest.indexOf("]:") + 1 : rest.lastIndexOf(':');
    if (at <= 0 || colon <= 0 || (!bracketed && rest.indexOf(':') != colon)) {
      throw new IllegalArgumentException(
          "jump host "
              + Printable.quoted(text)
              + " is not written as "
              + RULE
              + " (an IPv6 address in brackets: user@[::1]:22)");
    }
    String host = bracketed ? rest.substring(1, colon - 1) : rest.substring(0, colon);
    String port = rest.substring(colon + 1);
    if (!port.matches("[0-9]{1,5}")) {
      throw new IllegalArgumentException(
          "jump host " + Printable.quoted(text) + " has no port number after ':': write " + RULE);
    }
    return new JumpHost(
        text.substring(0, at), host, ConnectionRules.port(Long.parseLong(port)), key, hostKey);
  }

  private static List<String> split(String list) {
    List<String> items = List.of(list.split(",", -1)).stream().map(String::strip).toList();
    if (items.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException(
          Printable.quoted(list)
              + " has an empty item: separate the hops' values by single commas");
    }
    return items;
  }

  private static void sameCount(String what, List<String> values, int hops) {
    if (values != null && values.size() != hops) {
      throw new IllegalArgumentException(
          what
              + " names "
              + values.size()
              + " value"
              + (values.size() == 1 ? "" : "s")
              + " but jump names "
              + hops
              + " hop"
              + (hops == 1 ? "" : "s")
              + ": give one per jump host, in the same order");
    }
  }
}
