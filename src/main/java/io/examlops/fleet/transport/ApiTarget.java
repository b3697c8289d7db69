package io.examlops.fleet.transport;

import io.examlops.fleet.model.ApiSettings;
import java.net.URI;
import java.util.Objects;

/**
 * A cluster's HTTP API: where it answers, as whom the fleet asks, how it proves it, and the TLS
 * certificate it must present.
 *
 * @param url the API's root ({@code https://host:port}, or {@code http://} on a loopback address;
 *     checked by {@link ApiSettings#url})
 * @param user the user requests act as unless one is named per request
 * @param credential a token or the tokens' signing key
 * @param certificate the only TLS certificate accepted ({@code SHA256:...} of its DER form); {@code
 *     null}: one the JDK's trusted authorities vouch for, for this host name
 * @param settings the cluster's API settings ({@link ApiSettings}, by their clusters.yaml names),
 *     for the scheduler's client: the version in use, the job directory
 * @param options timeouts and the size cap on answers
 */
public record ApiTarget(
    URI url,
    String user,
    ApiCredential credential,
    String certificate,
    java.util.Map<String, String> settings,
    TransportOptions options) {

  public ApiTarget {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(credential, "credential");
    Objects.requireNonNull(options, "options");
    url = URI.create(ApiSettings.url(url.toString()));
    settings = settings == null ? java.util.Map.of() : java.util.Map.copyOf(settings);
  }

  /** The API version requests use; {@code null} until one is chosen from the server's offer. */
  public String version() {
    return settings.get(ApiSettings.VERSION.name());
  }

  /** {@code url}, for messages. */
  public String label() {
    return url.toString();
  }
}
