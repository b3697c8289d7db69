package io.examlops.fleet.registry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A JSON column read token by token with jackson-core's streaming parser, for the columns a
 * registry-only command reads on every run ({@link GovernanceJson}): databind's set-up for the same
 * read cost about an eighth of {@code exa hpc clusters}' CPU (docs/performance.md, "Start-up").
 * Each read takes exactly the token kinds {@link RegistryJson} writes, and {@code null} where a
 * value may be absent; anything else is a {@link DamagedValueException} at the token where it
 * began, in the words {@link RegistryJson}'s reader uses.
 */
final class JsonCursor {
  private static final JsonFactory FACTORY = new JsonFactory();

  /** Reads one value at the cursor. */
  @FunctionalInterface
  interface Reader<T> {
    T read(JsonCursor in) throws IOException;
  }

  private final String json;
  private final JsonParser parser;
  private JsonLocation objectEnd;

  private JsonCursor(String json, JsonParser parser) {
    this.json = json;
    this.parser = parser;
  }

  /** The value {@code json} holds, read by {@code reader}; what follows it is not read. */
  static <T> T read(String json, Reader<T> reader) {
    try (JsonParser parser = FACTORY.createParser(json)) {
      parser.nextToken();
      return reader.read(new JsonCursor(json, parser));
    } catch (JsonProcessingException e) {
      throw DamagedValueException.json(json, e.getLocation());
    } catch (IOException e) {
      throw new UncheckedIOException("reading JSON from a string", e);
    }
  }

  /** Whether the value at the cursor is {@code null}; if so, it is read. */
  boolean nullValue() throws IOException {
    return take(JsonToken.VALUE_NULL);
  }

  /** A string or {@code null}. */
  String string() throws IOException {
    return nullValue() ? null : scalar(JsonToken.VALUE_STRING, JsonParser::getText);
  }

  /** A whole number that fits an {@code int}. */
  int integer() throws IOException {
    return scalar(JsonToken.VALUE_NUMBER_INT, JsonParser::getIntValue);
  }

  /** A whole number that fits an {@code int}, or {@code null}. */
  Integer optionalInteger() throws IOException {
    return nullValue() ? null : integer();
  }

  /** A whole number that fits a {@code long}, or {@code null}. */
  Long optionalLong() throws IOException {
    return nullValue() ? null : scalar(JsonToken.VALUE_NUMBER_INT, JsonParser::getLongValue);
  }

  boolean bool() throws IOException {
    if (!take(JsonToken.VALUE_TRUE)) {
      expect(JsonToken.VALUE_FALSE);
      parser.nextToken();
      return false;
    }
    return true;
  }

  /** An array of values each read by {@code element}, or {@code null}. */
  <T> List<T> list(Reader<T> element) throws IOException {
    if (nullValue()) {
      return null;
    }
    expect(JsonToken.START_ARRAY);
    parser.nextToken();
    List<T> values = new ArrayList<>();
    while (!take(JsonToken.END_ARRAY)) {
      values.add(element.read(this));
    }
    return values;
  }

  /** An object of strings (or {@code null}s) in the order written, or {@code null}. */
  LinkedHashMap<String, String> strings() throws IOException {
    if (nullValue()) {
      return null;
    }
    startObject();
    LinkedHashMap<String, String> values = new LinkedHashMap<>();
    for (String name = field(); name != null; name = field()) {
      values.put(name, string());
    }
    return values;
  }

  /** Enters the object at the cursor; then {@link #field} names its fields one by one. */
  void startObject() throws IOException {
    expect(JsonToken.START_OBJECT);
    parser.nextToken();
  }

  /** The next field's name, its value now at the cursor; {@code null} past the object's end. */
  String field() throws IOException {
    if (parser.currentToken() == JsonToken.END_OBJECT) {
      objectEnd = parser.currentTokenLocation();
      parser.nextToken();
      return null;
    }
    expect(JsonToken.FIELD_NAME);
    String name = parser.currentName();
    parser.nextToken();
    return name;
  }

  /**
   * Passes over the value at the cursor, whatever it is: a field a newer version wrote, read by
   * this one as {@link RegistryJson} ignores unknown fields.
   */
  void skip() throws IOException {
    parser.skipChildren();
    parser.nextToken();
  }

  /** How a scalar's value is taken from the parser at its token. */
  @FunctionalInterface
  private interface Scalar<T> {
    T of(JsonParser parser) throws IOException;
  }

  private <T> T scalar(JsonToken token, Scalar<T> value) throws IOException {
    expect(token);
    T read = value.of(parser);
    parser.nextToken();
    return read;
  }

  private boolean take(JsonToken token) throws IOException {
    if (parser.currentToken() != token) {
      return false;
    }
    parser.nextToken();
    return true;
  }

  private void expect(JsonToken token) {
    if (parser.currentToken() != token) {
      throw damaged();
    }
  }

  /**
   * The object just read as damaged, at its end: for one whose fields read but that its record
   * refuses (a required field missing, an unknown scheduler).
   */
  DamagedValueException refused() {
    return DamagedValueException.json(json, objectEnd);
  }

  private DamagedValueException damaged() {
    return DamagedValueException.json(json, parser.currentTokenLocation());
  }
}
