package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * How Slurm's JSON writes values, the same in {@code sinfo --json} and slurmrestd: up to the
 * openapi plugins of 22.05 numbers are plain (with {@code NO_VAL} and {@code INFINITE} as huge
 * numbers), from data_parser v0.0.39 on a number may be {@code {"set","infinite","number"}}; a
 * state is one word plus flags, or a list of words.
 */
final class SlurmJson {
  /**
   * Slurm's NO_VAL and INFINITE (32-bit), which the plain form prints for "none" and "no limit".
   */
  private static final long NO_VAL = 0xfffffffeL;

  private SlurmJson() {}

  /** A count that must be there: plain or wrapped, never negative. */
  static long count(JsonNode value, String what) {
    JsonNode n = value.isObject() ? value.path("number") : value;
    if (!n.canConvertToLong() || n.asLong() < 0) {
      throw new IllegalArgumentException(what + " is not a count: " + abbreviate(value));
    }
    return n.asLong();
  }

  /**
   * A number that may be unset or infinite: {@code null} then (and for Slurm's NO_VAL, INFINITE,
   * negative "no limit" and, where {@code zeroIsNone}, 0).
   */
  static Long optional(JsonNode value, boolean zeroIsNone) {
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    long n;
    if (value.isObject()) {
      if (!value.path("set").asBoolean(false) || value.path("infinite").asBoolean(false)) {
        return null;
      }
      n = value.path("number").asLong();
    } else if (value.canConvertToLong()) {
      n = value.asLong();
    } else {
      throw new IllegalArgumentException("not a number: " + abbreviate(value));
    }
    return n < 0 || n >= NO_VAL || (zeroIsNone && n == 0) ? null : n;
  }

  /** The text, or {@code null} when absent or JSON null. */
  static String text(JsonNode value) {
    return value.isMissingNode() || value.isNull() ? null : value.asText();
  }

  /** The words of a JSON array. */
  static List<String> words(JsonNode array) {
    List<String> words = new ArrayList<>();
    array.forEach(w -> words.add(w.asText()));
    return words;
  }

  static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() <= 120 ? text : text.substring(0, 120) + "…";
  }
}
