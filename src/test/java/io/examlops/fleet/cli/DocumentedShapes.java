package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON shapes documented in docs/cli.md, each a fenced block right after a marker line {@code
 * <!-- json-shape: hpc detect -->}, and a check that real output has exactly that shape: the same
 * keys at every level, and values of the documented kind. A documented {@code null} means "any
 * value or null"; a real {@code null} is accepted for any documented field. An object documented
 * with a key {@code "…"} is a map: any keys, values shaped like the "…" value.
 */
public final class DocumentedShapes {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MARKER = "<!-- json-shape: ";

  /** A documented key "…" marks an object whose keys vary, each value shaped like its value. */
  private static final String OPEN_KEYS = "…";

  private final Map<String, JsonNode> shapes = new HashMap<>();
  private final Path markdown;

  DocumentedShapes(Path markdown) {
    this.markdown = markdown;
    List<String> lines;
    try {
      lines = Files.readAllLines(markdown);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (!line.startsWith(MARKER)) {
        continue;
      }
      String name = line.substring(MARKER.length(), line.indexOf("-->")).trim();
      int start = i + 1;
      while (!lines.get(start).trim().startsWith("```")) {
        start++;
      }
      List<String> block = new ArrayList<>();
      int j = start + 1;
      while (!lines.get(j).trim().startsWith("```")) {
        block.add(lines.get(j++));
      }
      try {
        shapes.put(name, JSON.readTree(String.join("\n", block)));
      } catch (IOException e) {
        throw new IllegalStateException(
            markdown + ": the JSON block for '" + name + "' (line " + (start + 1) + ") is invalid",
            e);
      }
    }
  }

  public static DocumentedShapes cliReference() {
    return new DocumentedShapes(Path.of("docs", "cli.md"));
  }

  /** The shapes docs/api.md documents for the console's own answers. */
  public static DocumentedShapes apiReference() {
    return new DocumentedShapes(Path.of("docs", "api.md"));
  }

  JsonNode shape(String command) {
    JsonNode shape = shapes.get(command);
    if (shape == null) {
      fail(markdown + " documents no JSON shape for '" + command + "'; known: " + shapes.keySet());
    }
    return shape;
  }

  /** Asserts that {@code actualJson} has the documented shape of {@code command}. */
  public void assertMatches(String command, String actualJson) {
    JsonNode actual;
    try {
      actual = JSON.readTree(actualJson);
    } catch (IOException e) {
      throw new AssertionError("output of '" + command + "' is not JSON: " + actualJson, e);
    }
    match(command, "$", shape(command), actual);
  }

  private static void match(String command, String path, JsonNode documented, JsonNode actual) {
    if (documented.isNull() || actual.isNull()) {
      return;
    }
    String where = "'" + command + "' at " + path;
    if (documented.isObject()) {
      assertThat(actual.isObject()).as(where + " should be an object").isTrue();
      List<String> documentedKeys = new ArrayList<>();
      documented.fieldNames().forEachRemaining(documentedKeys::add);
      List<String> actualKeys = new ArrayList<>();
      actual.fieldNames().forEachRemaining(actualKeys::add);
      if (documentedKeys.remove(OPEN_KEYS)) {
        JsonNode valueShape = documented.get(OPEN_KEYS);
        actualKeys.forEach(
            key ->
                match(
                    command,
                    path + "." + key,
                    documented.path(key).isMissingNode() ? valueShape : documented.get(key),
                    actual.get(key)));
        return;
      }
      assertThat(actualKeys)
          .as(where + " keys")
          .containsExactlyInAnyOrderElementsOf(documentedKeys);
      for (String key : documentedKeys) {
        match(command, path + "." + key, documented.get(key), actual.get(key));
      }
    } else if (documented.isArray()) {
      assertThat(actual.isArray()).as(where + " should be an array").isTrue();
      if (documented.size() > 0) {
        for (int i = 0; i < actual.size(); i++) {
          match(command, path + "[" + i + "]", documented.get(0), actual.get(i));
        }
      }
    } else {
      assertThat(actual.getNodeType()).as(where + " kind").isEqualTo(documented.getNodeType());
    }
  }
}
