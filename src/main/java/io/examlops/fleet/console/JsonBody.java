package io.examlops.fleet.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.javalin.http.Context;
import java.util.stream.Collectors;

/**
 * A request's JSON object, read by the console's one reader: at most {@link #MAX_BYTES} (Javalin
 * refuses more with 413 while reading, {@code Content-Length} or not) and at most {@link
 * #MAX_DEPTH} arrays and objects deep, so that a hostile body is a 400 in the one error shape,
 * never a parser's stack or a 500. Fields are read with the one JSON mapping every surface uses.
 *
 * @param example a body the route takes, for the hint of every refusal
 */
record JsonBody(JsonNode object, String example) {
  /** The largest body the console reads, of any route (forms included). */
  static final long MAX_BYTES = 64 * 1024;

  /**
   * Deeper than any body a route takes (a central job record is 3 levels deep), shallow enough that
   * no parser or mapper runs out of stack.
   */
  static final int MAX_DEPTH = 32;

  /** The most digits a number may have: no count, id or amount here needs more. */
  static final int MAX_NUMBER_LENGTH = 100;

  private static final ObjectMapper MAPPER = limited(FleetJson.mapper());

  private static ObjectMapper limited(ObjectMapper shared) {
    ObjectMapper mapper = shared.copy();
    mapper
        .getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(MAX_DEPTH)
                .maxNumberLength(MAX_NUMBER_LENGTH)
                .build());
    // One JSON value is the body: text after it is refused, not ignored.
    mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    // A count is a whole number: 1.5 GPUs is refused, not cut to 1.
    mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    return mapper;
  }

  /** The body of {@code ctx}, refused unless it is one JSON object within the limits. */
  static JsonBody of(Context ctx, String example) {
    String body = ctx.body();
    if (body.isBlank()) {
      throw Refusal.badRequest("the request has no body; send a JSON object", "e.g. " + example);
    }
    JsonNode node;
    try {
      node = MAPPER.readTree(body);
    } catch (StreamConstraintsException e) {
      throw Refusal.badRequest(
          "the body is nested deeper than "
              + MAX_DEPTH
              + " arrays and objects, or holds a number of more than "
              + MAX_NUMBER_LENGTH
              + " digits; nothing was read",
          "send a JSON object, e.g. " + example);
    } catch (JsonProcessingException e) {
      throw Refusal.badRequest(
          "the body is not JSON: " + notJson(body, e),
          "send one JSON object and nothing after it, e.g. " + example);
    }
    if (node == null || !node.isObject()) {
      throw Refusal.badRequest("the body is not a JSON object", "e.g. " + example);
    }
    return new JsonBody(node, example);
  }

  /**
   * What in {@code body} is not JSON, and where, in words a client can act on: never the parser's
   * own message, which names its features and Java types ({@code Feature 'ALLOW_COMMENTS'}).
   */
  static String notJson(String body, JsonProcessingException e) {
    String where = where(e);
    if (body.startsWith("\ufeff")) {
      return "it starts with a byte-order mark (U+FEFF); send UTF-8 text without one";
    }
    String parser = String.valueOf(e.getOriginalMessage());
    if (e instanceof com.fasterxml.jackson.core.io.JsonEOFException
        || parser.startsWith("Unexpected end-of-input")) {
      return "it ends before its JSON value does (an object, array or string is not closed)"
          + where;
    }
    if (parser.contains("comment")) {
      return "a comment" + where + ": JSON has no comments; remove it";
    }
    if (parser.startsWith("Trailing token")) {
      return "more follows the JSON value" + where + "; send one value and nothing after it";
    }
    if (parser.contains("CTRL-CHAR")) {
      return "a control character"
          + where
          + "; inside a string write it escaped (\\n, \\t, \\u0001), elsewhere remove it";
    }
    java.util.regex.Matcher token = QUOTED.matcher(parser);
    String found = token.find() ? Printable.quoted(token.group(1)) + " " : "";
    if (parser.contains("double-quote to start field name")) {
      return "a field name not in double quotes" + where + "; write each name as \"name\"";
    }
    if (parser.startsWith("Invalid numeric value") || parser.startsWith("Non-standard token")) {
      return "a number JSON does not allow"
          + where
          + " (leading zeros, NaN and Infinity are not JSON numbers)";
    }
    if (parser.startsWith("Unrecognized token") || parser.startsWith("Unexpected character")) {
      return "unexpected "
          + (found.isEmpty() ? "text " : found)
          + where.strip()
          + "; strings are in double quotes, and the words JSON knows are true, false and null";
    }
    return "it cannot be read" + where;
  }

  /** What a parser's message quotes: {@code Unrecognized token 'tru'}, {@code ('/' (code 47))}. */
  private static final java.util.regex.Pattern QUOTED =
      java.util.regex.Pattern.compile("'(.{1,40}?)'(?: \\(code|:| was)");

  private static String where(JsonProcessingException e) {
    return e.getLocation() == null
        ? ""
        : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
  }

  /** A string field; {@code null} when absent or null, refused when it is not a string. */
  String text(String field) {
    JsonNode value = object.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw Refusal.badRequest(
          "body field '" + field + "' must be a string or null", "e.g. " + example);
    }
    return value.asText();
  }

  /** A string field that must be there. */
  String requiredText(String field, String what) {
    String value = text(field);
    if (value == null) {
      throw Refusal.badRequest(
          "body field '" + field + "' must be " + what + ", a string", "e.g. " + example);
    }
    return value;
  }

  /** An object field read as {@code type}, refused with why when it is absent or not one. */
  <T> T value(String field, Class<T> type, String what, String hint) {
    JsonNode value = object.get(field);
    if (value == null || !value.isObject()) {
      throw Refusal.badRequest(
          "body field '" + field + "' must be " + what + ", an object", "e.g. " + example);
    }
    try {
      return MAPPER.treeToValue(value, type);
    } catch (JsonProcessingException e) {
      throw Refusal.badRequest("body field '" + field + "' is not " + what + ": " + why(e), hint);
    }
  }

  /**
   * Why a value was refused, in words that name its fields and never a Java type: what its
   * constructor said, else which field is missing or of the wrong type.
   */
  private static String why(JsonProcessingException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof FleetException f) {
        return f.getMessage();
      }
    }
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      String path =
          m.getPath().stream()
              .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
              .collect(Collectors.joining("."));
      if (e instanceof InvalidFormatException f
          && (f.getValue() instanceof Double || f.getValue() instanceof java.math.BigDecimal)) {
        return "its field '"
            + path
            + "' is "
            + f.getValue()
            + ", which is not a whole number; write a whole number such as 1";
      }
      return "its field '" + path + "' is missing, unknown or of the wrong type";
    }
    return "it does not have that shape";
  }
}
