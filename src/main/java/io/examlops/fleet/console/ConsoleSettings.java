package io.examlops.fleet.console;

import io.examlops.fleet.console.notify.NotifySettings;
import io.examlops.fleet.settings.DirectorySettings;
import io.examlops.fleet.settings.OpenIdSettings;
import java.security.KeyStore;
import java.time.Duration;

/**
 * How the console is served.
 *
 * @param bind the address to listen on; loopback unless told otherwise
 * @param port 0 for any free port (tests)
 * @param refreshInterval how often the refresher snapshots each ACTIVE cluster
 * @param secureCookies mark cookies Secure: the console is reached over HTTPS (a TLS proxy)
 * @param tls the certificate to serve HTTPS with; {@code null} for plain HTTP
 * @param mcp what MCP clients may do at {@code /mcp}
 * @param notifications where notifications go (docs/console.md, "Notifications"); {@code null}:
 *     nowhere
 * @param directory the LDAP directory users sign in with besides the local ones; {@code null} for
 *     none
 * @param provider the OpenID Provider users sign in with besides the others; {@code null} for none
 */
record ConsoleSettings(
    String bind,
    int port,
    Duration refreshInterval,
    boolean secureCookies,
    Tls tls,
    McpOptions mcp,
    NotifySettings notifications,
    DirectorySettings directory,
    OpenIdSettings provider) {
  static final Duration DEFAULT_REFRESH = Duration.ofMinutes(5);
  static final Duration MIN_REFRESH = Duration.ofSeconds(10);

  /** Plain HTTP, MCP read-only and for clients that are not web pages, local users only. */
  ConsoleSettings(String bind, int port, Duration refreshInterval, boolean secureCookies) {
    this(bind, port, refreshInterval, secureCookies, null, McpOptions.READ_ONLY);
  }

  /** No notifications, local users only. */
  ConsoleSettings(
      String bind,
      int port,
      Duration refreshInterval,
      boolean secureCookies,
      Tls tls,
      McpOptions mcp) {
    this(bind, port, refreshInterval, secureCookies, tls, mcp, null, null, null);
  }

  /** A loaded keystore and the password of its key (the keystore's own, as keytool makes it). */
  record Tls(KeyStore keyStore, String password) {
    @Override
    public String toString() {
      return "Tls[keyStore, password hidden]";
    }
  }
}
