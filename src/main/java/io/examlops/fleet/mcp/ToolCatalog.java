package io.examlops.fleet.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools of {@code exa mcp serve}, declared in {@code tools.json} beside this class: one place
 * for each tool's description, schemas and whether it writes, which docs/mcp.md describes. The
 * limits of their arguments come from the core's value types ({@link ArgumentLimits}).
 */
final class ToolCatalog {
  private static final String RESOURCE = "tools.json";

  /**
   * What a failed call carries instead of the tool's own shape ({@code isError: true}): the core's
   * error kind, its message and what to do.
   */
  static final Map<String, Object> ERROR_SCHEMA =
      Map.of(
          "type", "object",
          "properties",
              Map.of(
                  "kind", Map.of("type", "string"),
                  "message", Map.of("type", "string"),
                  "fields", Map.of("type", "array", "items", Map.of("type", "string")),
                  "hint", Map.of("type", List.of("string", "null"))),
          "required", List.of("kind", "message"));

  private ToolCatalog() {}

  /** Every tool, in the order tools.json declares them. */
  static List<ToolDefinition> all() {
    Map<String, Object> catalog;
    try (InputStream in = ToolCatalog.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the build");
      }
      catalog = new ObjectMapper().readValue(in, new TypeReference<Map<String, Object>>() {});
    } catch (IOException e) {
      throw new UncheckedIOException(RESOURCE + " cannot be read", e);
    }
    return objects(catalog.get("tools")).stream().map(ToolCatalog::definition).toList();
  }

  private static ToolDefinition definition(Map<String, Object> entry) {
    boolean write = Boolean.TRUE.equals(entry.get("write"));
    boolean openWorld = Boolean.TRUE.equals(entry.get("openWorld"));
    String title = (String) entry.get("title");
    String name = (String) entry.get("name");
    McpSchema.Tool tool =
        McpSchema.Tool.builder()
            .name(name)
            .title(title)
            .description((String) entry.get("description"))
            .inputSchema(withLimits(name, object(entry.get("inputSchema"))))
            .outputSchema(withErrorShape(object(entry.get("outputSchema"))))
            .annotations(annotations(title, write, openWorld))
            .build();
    return new ToolDefinition(tool, write, object(entry.get("inputSchema")));
  }

  /**
   * The input schema with each argument's limits, as the core holds them ({@link ArgumentLimits}).
   */
  private static Map<String, Object> withLimits(String tool, Map<String, Object> input) {
    Map<String, Object> properties = new LinkedHashMap<>();
    object(input.get("properties"))
        .forEach(
            (argument, declared) -> {
              Map<String, Object> property = new LinkedHashMap<>(object(declared));
              property.putAll(ArgumentLimits.of(tool, argument));
              properties.put(argument, property);
            });
    Map<String, Object> schema = new LinkedHashMap<>(input);
    schema.put("properties", properties);
    return schema;
  }

  /**
   * Reads change nothing and may be repeated; the governance writes change who may run work where
   * (a rejection revokes an approval), so a client should ask its user before each. A tool that
   * reaches the clusters over their connections ({@code openWorld} in tools.json) talks to hosts
   * outside this server, whose answers it does not control.
   */
  private static McpSchema.ToolAnnotations annotations(
      String title, boolean write, boolean openWorld) {
    return new McpSchema.ToolAnnotations(title, !write, write, !write, openWorld, null);
  }

  /**
   * The success shape, or the error shape of a failed call: its {@code required} keys become one
   * alternative, {@code error} the other, so that a client validating every result against the
   * output schema accepts both.
   */
  static Map<String, Object> withErrorShape(Map<String, Object> success) {
    Map<String, Object> schema = new LinkedHashMap<>(success);
    Map<String, Object> properties = new LinkedHashMap<>(object(success.get("properties")));
    properties.put("error", ERROR_SCHEMA);
    schema.put("properties", properties);
    Object required = schema.remove("required");
    schema.put(
        "anyOf",
        List.of(
            Map.of("required", required == null ? List.of() : required),
            Map.of("required", List.of("error"))));
    return schema;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object value) {
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> objects(Object value) {
    return (List<Map<String, Object>>) value;
  }
}
