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
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON);
    response.write(true, body(code), callback);
  }

  private static ByteBuffer body(int status) {
    return ByteBuffer.wrap(
        FleetJson.compact(ApiErrors.body(ApiErrors.http(status))).getBytes(StandardCharsets.UTF_8));
  }
}
