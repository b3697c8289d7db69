package io.examlops.fleet.console;

import io.examlops.fleet.json.FleetJson;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * What Jetty answers itself, before a request reaches the console (headers or a URI too large, a
 * request it cannot parse), in the console's one error shape instead of Jetty's HTML page, which
 * says little and may echo what was sent.
 */
final class ServerErrors extends ErrorHandler {
  private static final String JSON = "application/json";

  @Override
  protected void generateResponse(
      Request request,
      Response response,
      int code,
      String message,
      Throwable cause,
      Callback callback) {
    int status = answered(code);
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON);
    response.write(true, body(status), callback);
  }

  /**
   * The status the console answers for Jetty's {@code code}. Jetty answers an {@code HTTP/2.0}
   * request line on a plain HTTP/1 connection with 426 Upgrade Required, though the console offers
   * no upgrade to it: what the client needs to hear is 505 HTTP Version Not Supported, as for any
   * other version the console does not speak.
   */
  static int answered(int code) {
    return code == UPGRADE_REQUIRED ? VERSION_NOT_SUPPORTED : code;
  }

  private static final int UPGRADE_REQUIRED = 426;
  private static final int VERSION_NOT_SUPPORTED = 505;

  private static ByteBuffer body(int status) {
    return ByteBuffer.wrap(
        FleetJson.compact(ApiErrors.body(ApiErrors.http(status))).getBytes(StandardCharsets.UTF_8));
  }
}
