package io.examlops.fleet.console;

import java.time.Duration;

/**
 * How the console is served.
 *
 * @param bind the address to listen on; loopback unless told otherwise
 * @param port 0 for any free port (tests)
 * @param refreshInterval how often the refresher snapshots each ACTIVE cluster
 * @param secureCookies mark cookies Secure: the console is reached over HTTPS (a TLS proxy)
 */
record ConsoleSettings(String bind, int port, Duration refreshInterval, boolean secureCookies) {
  static final Duration DEFAULT_REFRESH = Duration.ofMinutes(5);
  static final Duration MIN_REFRESH = Duration.ofSeconds(10);
}
