package io.examlops.fleet.transport;

import io.examlops.fleet.transport.SshConfig.Line;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an SSH configuration says about one name typed by a user ({@code ssh lxp}): the real host,
 * port, user, key files and jump hosts. A field is {@code null} (or empty) when the configuration
 * does not set it, so that the caller's own choices and defaults fill it.
 *
 * @param alias the name as typed
 * @param host the real host ({@code HostName}, tokens expanded), or the alias itself
 * @param port {@code Port}, or {@code null}
 * @param user {@code User}, or {@code null}
 * @param identityFiles {@code IdentityFile} lines, {@code ~} and tokens expanded, in order
 * @param certificateFiles {@code CertificateFile} lines, expanded the same way, in order
 * @param jumps {@code ProxyJump} hops in connection order, each resolved through the configuration
 *     as OpenSSH does; empty for a direct connection
 */
public record SshAlias(
    String alias,
    String host,
    Integer port,
    String user,
    List<Path> identityFiles,
    List<Path> certificateFiles,
    List<SshAlias> jumps) {

  /** Jump hosts are chained through the configuration at most this deep (a loop otherwise). */
  private static final int MAX_HOPS = 8;

  public SshAlias {
    identityFiles = List.copyOf(identityFiles);
    certificateFiles = List.copyOf(certificateFiles);
    jumps = List.copyOf(jumps);
  }

  /** A name no configuration speaks of: the host as written, nothing else set. */
  public static SshAlias plain(String name) {
    return new SshAlias(name, name, null, null, List.of(), List.of(), List.of());
  }

  /**
   * Resolves {@code alias} through {@code config}.
   *
   * @param localUser the login name here ({@code %u}, and {@code %r} when no User is set)
   * @param home the directory {@code ~} and {@code %d} stand for
   */
  public static SshAlias resolve(SshConfig config, String alias, String localUser, Path home) {
    return resolve(config, alias, null, null, localUser, home, 0);
  }

  private static SshAlias resolve(
      SshConfig config,
      String alias,
      String givenUser,
      Integer givenPort,
      String localUser,
      Path home,
      int depth) {
    Optional<Line> hostName = config.first(alias, "hostname");
    String host =
        hostName
            .map(l -> expand(l, l.value(), new Tokens(alias, alias, null, null, localUser, home)))
            .orElse(alias);
    Integer port =
        givenPort != null
            ? givenPort
            : config.first(alias, "port").map(SshAlias::port).orElse(null);
    String user =
        givenUser != null ? givenUser : config.first(alias, "user").map(Line::value).orElse(null);
    // ProxyJump and ProxyCommand exclude each other: whichever comes first decides, as in OpenSSH.
    Optional<Line> proxy = config.first(alias, "proxyjump", "proxycommand");
    Optional<Line> proxyJump =
        proxy.filter(l -> l.keyword().equals("proxyjump") && !l.value().equalsIgnoreCase("none"));
    if (proxy.isPresent()
        && proxy.get().keyword().equals("proxycommand")
        && !proxy.get().value().equalsIgnoreCase("none")) {
      throw SshConfig.bad(
          proxy.get().where(),
          "ProxyCommand is not supported by this tool; reach '"
              + alias
              + "' with 'ProxyJump [user@]host[:port]' instead");
    }
    Tokens tokens =
        new Tokens(
            alias,
            host,
            port == null ? SshTarget.DEFAULT_PORT : port,
            user == null ? localUser : user,
            localUser,
            home);
    List<Path> keys = paths(config.all(alias, "identityfile"), tokens, home);
    List<Path> certificates = paths(config.all(alias, "certificatefile"), tokens, home);
    List<SshAlias> jumps = new ArrayList<>();
    if (proxyJump.isPresent()) {
      if (depth >= MAX_HOPS) {
        throw SshConfig.bad(
            proxyJump.get().where(),
            "ProxyJump chains more than "
                + MAX_HOPS
                + " hosts (does a jump host jump through itself?)");
      }
      for (JumpSpec hop : JumpSpec.list(proxyJump.get())) {
        SshAlias resolved =
            resolve(config, hop.host(), hop.user(), hop.port(), localUser, home, depth + 1);
        jumps.addAll(resolved.jumps());
        jumps.add(resolved.withoutJumps());
      }
    }
    return new SshAlias(alias, host, port, user, keys, certificates, jumps);
  }

  /**
   * The certificate offered with this host's key: the first {@code CertificateFile} that exists
   * (OpenSSH tries them in order), else the first named, to be reported missing when it is used.
   */
  public Optional<Path> certificateFile() {
    return certificateFiles.stream()
        .filter(java.nio.file.Files::isRegularFile)
        .findFirst()
        .or(() -> certificateFiles.stream().findFirst());
  }

  private static List<Path> paths(List<Line> lines, Tokens tokens, Path home) {
    List<Path> paths = new ArrayList<>();
    for (Line line : lines) {
      paths.add(path(expand(line, line.value(), tokens), home));
    }
    return paths;
  }

  private SshAlias withoutJumps() {
    return new SshAlias(alias, host, port, user, identityFiles, certificateFiles, List.of());
  }

  private static Integer port(Line line) {
    try {
      int port = Integer.parseInt(line.value());
      if (port >= 1 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw SshConfig.bad(line.where(), "Port must be a number 1-65535, got '" + line.value() + "'");
  }

  private static Path path(String text, Path home) {
    if (text.equals("~")) {
      return home;
    }
    return text.startsWith("~/") ? home.resolve(text.substring(2)) : Path.of(text);
  }

  /** What OpenSSH's {@code %} tokens stand for in one host's settings. */
  private record Tokens(
      String alias, String host, Integer port, String user, String localUser, Path home) {}

  private static String expand(Line line, String text, Tokens tokens) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '%') {
        out.append(c);
        continue;
      }
      if (i + 1 >= text.length()) {
        throw SshConfig.bad(
            line.where(), "'%' at the end of '" + text + "' (write %% for a percent sign)");
      }
      char token = text.charAt(++i);
      String value =
          switch (token) {
            case '%' -> "%";
            case 'h' -> tokens.host();
            case 'n' -> tokens.alias();
            case 'p' -> tokens.port() == null ? null : tokens.port().toString();
            case 'r' -> tokens.user();
            case 'u' -> tokens.localUser();
            case 'd' -> tokens.home().toString();
            default -> null;
          };
      if (value == null) {
        throw SshConfig.bad(
            line.where(),
            "the token %"
                + token
                + " cannot be used in "
                + line.keyword()
                + " here; this tool expands %h, %n, %p, %r, %u, %d and %%");
      }
      out.append(value);
    }
    return out.toString();
  }

  /** One {@code [user@]host[:port]} (or {@code ssh://user@host:port}) of a ProxyJump list. */
  record JumpSpec(String user, String host, Integer port) {
    static List<JumpSpec> list(Line line) {
      List<JumpSpec> hops = new ArrayList<>();
      for (String item : line.value().split(",")) {
        hops.add(of(item.strip(), line));
      }
      return hops;
    }

    private static JumpSpec of(String text, Line line) {
      String rest = text.startsWith("ssh://") ? text.substring("ssh://".length()) : text;
      String user = null;
      int at = rest.lastIndexOf('@');
      if (at >= 0) {
        user = rest.substring(0, at);
        rest = rest.substring(at + 1);
      }
      Integer port = null;
      String host = rest;
      if (rest.startsWith("[")) {
        int close = rest.indexOf(']');
        if (close < 0) {
          throw bad(line, text);
        }
        host = rest.substring(1, close);
        String after = rest.substring(close + 1);
        if (!after.isEmpty()) {
          if (!after.startsWith(":")) {
            throw bad(line, text);
          }
          port = portOf(after.substring(1), line, text);
        }
      } else if (rest.indexOf(':') >= 0 && rest.indexOf(':') == rest.lastIndexOf(':')) {
        host = rest.substring(0, rest.indexOf(':'));
        port = portOf(rest.substring(rest.indexOf(':') + 1), line, text);
      }
      if (host.isEmpty()
          || (user != null && user.isEmpty())
          || host.chars().anyMatch(Character::isWhitespace)) {
        throw bad(line, text);
      }
      return new JumpSpec(user, host, port);
    }

    private static Integer portOf(String text, Line line, String hop) {
      try {
        int port = Integer.parseInt(text);
        if (port >= 1 && port <= 65535) {
          return port;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw bad(line, hop);
    }

    private static RuntimeException bad(Line line, String hop) {
      return SshConfig.bad(
          line.where(),
          "ProxyJump hop '"
              + hop
              + "' is not [user@]host[:port] (several hops are separated by commas, port 1-65535)");
    }
  }
}
