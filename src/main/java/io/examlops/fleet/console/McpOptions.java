package io.examlops.fleet.console;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What MCP clients may do on the console's {@code /mcp}.
 *
 * @param writes offer the approval tools ({@code hpc_approve_cluster}, {@code hpc_reject_cluster})
 *     to clients whose token has the admin scope; without it no client has them
 * @param origins the web origins ({@code scheme://host[:port]}) whose pages may call {@code /mcp}:
 *     a request that names any other {@code Origin} is refused, so that a page a browser loaded
 *     from elsewhere (DNS rebinding included) cannot reach the fleet through it. Clients that are
 *     not web pages send no {@code Origin}.
 */
record McpOptions(boolean writes, Set<String> origins) {
  static final McpOptions READ_ONLY = new McpOptions(false, Set.of());

  McpOptions {
    origins =
        origins.stream()
            .map(
                o ->
                    origin(o)
                        .orElseThrow(
                            () ->
                                FleetException.invalid(
                                    "--mcp-allow-origin "
                                        + Printable.quoted(o)
                                        + " is not a web origin: give scheme://host[:port] with"
                                        + " http or https and nothing after the port, e.g."
                                        + " https://agents.example.org",
                                    "mcp-allow-origin")))
            .collect(Collectors.toUnmodifiableSet());
  }

  /** Whether a request that names this {@code Origin} (or none: {@code null}) may use /mcp. */
  boolean allows(String origin) {
    return origin == null || origin(origin).filter(origins::contains).isPresent();
  }

  /**
   * An origin as browsers send it: lower-case scheme and host, the port only when it is not the
   * scheme's default; empty when the text is not an http(s) origin.
   */
  private static java.util.Optional<String> origin(String text) {
    URI uri;
    try {
      uri = new URI(text.strip());
    } catch (URISyntaxException e) {
      return java.util.Optional.empty();
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    int defaultPort = scheme.equals("https") ? 443 : 80;
    if (!(scheme.equals("http") || scheme.equals("https"))
        || uri.getHost() == null
        || uri.getRawUserInfo() != null
        || !(uri.getRawPath() == null || uri.getRawPath().isEmpty())
        || uri.getRawQuery() != null
        || uri.getRawFragment() != null) {
      return java.util.Optional.empty();
    }
    String host = uri.getHost().toLowerCase(Locale.ROOT);
    int port = uri.getPort();
    return java.util.Optional.of(
        scheme + "://" + host + (port < 0 || port == defaultPort ? "" : ":" + port));
  }
}
