package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

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

  /**
   * Each item of an answer's {@code key} list, read by {@code read}. A missing list fails the
   * answer; so does an item {@code read} refuses (an {@link IllegalArgumentException}), named as
   * {@code item} names it ({@code job 3 cannot be read}).
   *
   * @param what the request, for messages
   */
  static <T> List<T> items(
      String what,
      JsonNode root,
      String key,
      BiFunction<Integer, JsonNode, String> item,
      Function<JsonNode, T> read) {
    JsonNode list = root.path(key);
    if (!list.isArray()) {
      throw new ProbeException(what + " answered without a '" + key + "' list");
    }
    List<T> items = new ArrayList<>();
    int number = 0;
    for (JsonNode node : list) {
      number++;
      String named = item.apply(number, node);
      try {
        items.add(read.apply(node));
      } catch (IllegalArgumentException e) {
        throw new ProbeException(what + ": " + named + ": " + e.getMessage(), e);
      }
    }
    return items;
  }

  static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() <= 120 ? text : text.substring(0, 120) + "…";
  }
}
