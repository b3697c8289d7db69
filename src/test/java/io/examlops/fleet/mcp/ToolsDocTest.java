package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.testing.MarkdownTable;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/mcp.md's table of tools against the tools served: the same tools, and for each every
 * argument its input schema takes, with the words of each argument's enum.
 */
class ToolsDocTest {
  private static final Path PAGE = Path.of("docs", "mcp.md");

  @Test
  void theToolTableIsTheCatalog() {
    Map<String, String> rows = new LinkedHashMap<>();
    for (List<String> row : MarkdownTable.in(PAGE, "tool", "arguments").rows()) {
      rows.put(MarkdownTable.code(row.get(0)).get(0), row.get(1));
    }
    List<ToolDefinition> tools = ToolCatalog.all();
    assertThat(rows.keySet())
        .as("the tools of %s", PAGE)
        .containsExactlyInAnyOrderElementsOf(tools.stream().map(ToolDefinition::name).toList());

    for (ToolDefinition tool : tools) {
      List<String> named = MarkdownTable.code(rows.get(tool.name()));
      ((Map<?, ?>) tool.tool().inputSchema().get("properties"))
          .forEach(
              (argument, schema) -> {
                assertThat(named)
                    .as("%s: the arguments of %s", PAGE, tool.name())
                    .contains((String) argument);
                Object words = ((Map<?, ?>) schema).get("enum");
                if (words != null) {
                  assertThat(named)
                      .as("%s: the words of %s's %s", PAGE, tool.name(), argument)
                      .containsAll(((List<?>) words).stream().map(Object::toString).toList());
                }
              });
    }
  }
}
