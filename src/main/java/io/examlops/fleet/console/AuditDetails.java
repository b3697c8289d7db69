package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An audit event's details as lines a person reads ("Host key fingerprint: SHA256:…"), not as the
 * JSON the trail stores: keys become words, nested objects read as "key value" pairs.
 */
final class AuditDetails {
  private AuditDetails() {}

  static List<String> lines(JsonNode details) {
    List<String> lines = new ArrayList<>();
    if (details == null || details.isNull() || details.isMissingNode()) {
      return lines;
    }
    if (!details.isObject()) {
      lines.add(value(details));
      return lines;
    }
    for (Map.Entry<String, JsonNode> field : details.properties()) {
      String key = words(field.getKey());
      lines.add(
          Character.toUpperCase(key.charAt(0)) + key.substring(1) + ": " + value(field.getValue()));
    }
    return lines;
  }

  private static String value(JsonNode node) {
    if (node == null || node.isNull()) {
      return "none";
    }
    if (node.isArray()) {
      List<String> items = new ArrayList<>();
      node.forEach(item -> items.add(value(item)));
      return items.isEmpty() ? "none" : String.join(", ", items);
    }
    if (node.isObject()) {
      List<String> pairs = new ArrayList<>();
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        if (!field.getValue().isNull()) {
          pairs.add(words(field.getKey()) + " " + value(field.getValue()));
        }
      }
      return pairs.isEmpty() ? "none" : String.join(" · ", pairs);
    }
    return node.asText();
  }

  /** {@code hostKeyFingerprint} or {@code host_key} as "host key fingerprint", "host key". */
  static String words(String key) {
    return key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').toLowerCase(Locale.ROOT);
  }
}
