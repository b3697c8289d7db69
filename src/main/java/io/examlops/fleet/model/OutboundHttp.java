package io.examlops.fleet.model;

import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The one way the fleet calls a service it was configured with (an OpenID provider, a webhook):
 * redirects are never followed, so that a token, code or signed body goes to the address an admin
 * wrote and nowhere a response points to.
 */
public final class OutboundHttp {
  private OutboundHttp() {}

  /** A client that gives up connecting after {@code connectTimeout} and follows no redirect. */
  public static HttpClient client(Duration connectTimeout) {
    return HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }
}
