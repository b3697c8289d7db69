package io.examlops.fleet.console;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Links the pages write: a path and its query, each value URL-encoded (then HTML-escaped by JTE).
 */
final class Links {
  private Links() {}

  /**
   * {@code /jobs?user=ann%20b&page=2}: the pairs in order, those with a {@code null} or empty value
   * left out.
   */
  static String of(String path, String... namesAndValues) {
    StringBuilder link = new StringBuilder(path);
    char sep = '?';
    for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
      String value = namesAndValues[i + 1];
      if (value == null || value.isEmpty()) {
        continue;
      }
      link.append(sep)
          .append(namesAndValues[i])
          .append('=')
          .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
      sep = '&';
    }
    return link.toString();
  }
}
