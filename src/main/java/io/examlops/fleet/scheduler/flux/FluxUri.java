package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.AdapterSetting;
import io.examlops.fleet.model.FleetException;
import java.util.regex.Pattern;

/**
 * A Flux instance URI ({@code FLUX_URI}): the {@code flux_uri} setting of a Flux cluster, which
 * every command of the cluster is run against ({@link FluxInstanceRunner}).
 */
public final class FluxUri {
  // RFC 42-style connector URIs as flux uri prints them: local:///path,
  // ssh://[user@]host[:port]/path.
  private static final Pattern URI =
      Pattern.compile("(local|ssh|tcp)://[A-Za-z0-9._~/@:%+=,\\[\\]-]{1,4000}");

  /** The cluster's instance, as clusters.yaml writes it; none: the host's default instance. */
  public static final AdapterSetting SETTING =
      new AdapterSetting("flux_uri", "Flux instance", FluxUri::check);

  private FluxUri() {}

  /**
   * {@code local://}, {@code ssh://} or {@code tcp://} and a path of plain characters, so that it
   * can be handed to a shell (quoted) without surprises; surrounding blanks removed.
   */
  public static String check(String uri) {
    String trimmed = uri == null ? "" : uri.strip();
    if (!URI.matcher(trimmed).matches()) {
      throw FleetException.invalidValue(
          "Flux URI",
          uri,
          "expected local:///path/to/local-0 or ssh://host/path, as `flux uri` or the"
              + " FLUX_URI line of `flux version` prints it");
    }
    return trimmed;
  }
}
