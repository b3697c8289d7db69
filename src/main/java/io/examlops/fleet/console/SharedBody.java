package io.examlops.fleet.console;

import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * An answer that every request shares until the view changes, compressed at most once. Javalin
 * compresses each answer as it writes it; for the fleet's JSON at 200 requests/s that cost more
 * than everything else a request does, and was what kept the API's p99 above 50 ms beside 500 live
 * pages.
 */
final class SharedBody {
  /**
   * Below this an answer goes as it is: gzip's header would eat what it saves (Javalin's bound).
   */
  static final int MIN_SIZE_TO_COMPRESS = 1500;

  private final byte[] plain;
  private volatile byte[] gzipped;

  private SharedBody(byte[] plain) {
    this.plain = plain;
  }

  static SharedBody of(String text) {
    return new SharedBody(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Answers with these bytes, gzipped where the request accepts it, and says it varies by that. */
  void send(Context ctx, String contentType) {
    ctx.contentType(contentType).header("Vary", "Accept-Encoding");
    if (plain.length < MIN_SIZE_TO_COMPRESS || !acceptsGzip(ctx.header("Accept-Encoding"))) {
      ctx.disableCompression().result(plain);
      return;
    }
    ctx.disableCompression().header("Content-Encoding", "gzip").result(gzipped());
  }

  private byte[] gzipped() {
    byte[] done = gzipped;
    if (done == null) {
      // two requests may both compress the first time: the same bytes, and cheaper than a lock
      done = gzip(plain);
      gzipped = done;
    }
    return done;
  }

  private static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("gzip in memory failed", e);
    }
    return out.toByteArray();
  }

  /**
   * Whether an {@code Accept-Encoding} header (RFC 9110, 12.5.3) admits gzip: named, or by {@code
   * *}, with a weight above 0. No header admits none, as Javalin reads it.
   */
  static boolean acceptsGzip(String acceptEncoding) {
    if (acceptEncoding == null) {
      return false;
    }
    Boolean byName = null;
    boolean byStar = false;
    for (String part : acceptEncoding.split(",")) {
      String[] params = part.split(";");
      String coding = params[0].strip().toLowerCase(Locale.ROOT);
      boolean admitted = weight(params) > 0;
      if (coding.equals("gzip") || coding.equals("x-gzip")) {
        byName = byName == null ? admitted : byName || admitted;
      } else if (coding.equals("*")) {
        byStar = admitted;
      }
    }
    return byName != null ? byName : byStar;
  }

  /**
   * The {@code q} of a coding, 1 when it has none; a weight that is not a number admits nothing.
   */
  private static double weight(String[] params) {
    for (int i = 1; i < params.length; i++) {
      String p = params[i].strip();
      if (p.length() > 2 && (p.charAt(0) == 'q' || p.charAt(0) == 'Q') && p.charAt(1) == '=') {
        try {
          return Double.parseDouble(p.substring(2).strip());
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 1;
  }
}
