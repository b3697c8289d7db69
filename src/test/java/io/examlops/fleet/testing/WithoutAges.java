package io.examlops.fleet.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A placement's JSON less how old the figures were when it was made: the age depends on when it was
 * read (two reads a second apart say "snapshot 0 s old" and "snapshot 1 s old"), everything else
 * must be the same. {@code dataAge} is dropped; in every text ({@code data}, {@code reason}, {@code
 * explanation}, the DATA rule's {@code there} and {@code words}) the age itself is replaced, so the
 * words around it ("(stale)", "past the 7 days limit") are still compared.
 */
public final class WithoutAges {
  /** What {@code placement.Ages} writes for a snapshot's age: "snapshot 3 days old", "0 s old". */
  private static final Pattern AGE = Pattern.compile("snapshot \\d+ (s|min|h|days?) old");

  private WithoutAges() {}

  /** A copy of {@code json} without the ages of its snapshots. */
  public static JsonNode of(JsonNode json) {
    JsonNode copy = json.deepCopy();
    strip(copy);
    return copy;
  }

  private static void strip(JsonNode node) {
    if (node instanceof ObjectNode object) {
      object.remove("dataAge");
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        JsonNode value = object.get(name);
        if (value.isTextual()) {
          object.set(name, ageless(value));
        } else {
          strip(value);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        if (array.get(i).isTextual()) {
          array.set(i, ageless(array.get(i)));
        } else {
          strip(array.get(i));
        }
      }
    }
  }

  private static TextNode ageless(JsonNode text) {
    return TextNode.valueOf(AGE.matcher(text.asText()).replaceAll("snapshot N old"));
  }
}
