package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.testing.TestFleets;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every limit a tool's input schema states is the core's: a value just past it is refused by the
 * request or value type the tool builds (the schema check left out), and the value at it is not. So
 * the schema a client reads and the core's verdict cannot drift apart.
 */
class ArgumentLimitsTest {
  private static final Set<String> LIMITS =
      Set.of("minimum", "maximum", "minLength", "maxLength", "pattern", "enum");

  /** A value each required argument takes when another one is probed. */
  private static final Map<String, Object> VALID =
      Map.of("cluster", "c1", "gpus", 1, "job", "#1", "reason", "wrong account");

  @TempDir Path dir;
  private FleetTools tools;

  @BeforeEach
  void fleet() {
    Fleet fleet =
        TestFleets.fleet(
            Map.of(
                Variables.REGISTRY, dir.resolve("clusters.yaml").toString(),
                Variables.PLATFORM_DB, dir.resolve("platform.db").toString()));
    tools = new FleetTools(fleet, Clock.systemUTC(), "tester");
  }

  /** tools.json states no limit of its own: they all come from the value types. */
  @Test
  void theCatalogFileHoldsNoLimit() throws Exception {
    Map<?, ?> catalog;
    try (InputStream in = ToolCatalog.class.getResourceAsStream("tools.json")) {
      catalog = new ObjectMapper().readValue(in, Map.class);
    }
    for (Object tool : (List<?>) catalog.get("tools")) {
      Map<?, ?> input = (Map<?, ?>) ((Map<?, ?>) tool).get("inputSchema");
      for (Object property : ((Map<?, ?>) input.get("properties")).values()) {
        assertThat(((Map<?, ?>) property).keySet().stream().map(Object::toString).toList())
            .as("%s", ((Map<?, ?>) tool).get("name"))
            .doesNotContainAnyElementsOf(LIMITS);
      }
    }
  }

  @Test
  void everySchemaLimitIsTheCores() {
    SoftAssertions each = new SoftAssertions();
    int probed = 0;
    for (ToolDefinition tool : ToolCatalog.all()) {
      Map<?, ?> properties = (Map<?, ?>) tool.tool().inputSchema().get("properties");
      for (var entry : properties.entrySet()) {
        String argument = (String) entry.getKey();
        Map<?, ?> schema = (Map<?, ?>) entry.getValue();
        for (var probe : probes(schema)) {
          probed++;
          FleetException refusal = refusal(tool, argument, probe.value());
          boolean refused =
              refusal != null
                  && refusal.kind() == ErrorKind.INVALID_REQUEST
                  && refusal.fields().contains(argument);
          each.assertThat(refused)
              .as(
                  "%s %s=%s (%s): %s",
                  tool.name(),
                  argument,
                  probe.value(),
                  probe.why(),
                  refusal == null ? "accepted" : refusal.getMessage())
              .isEqualTo(probe.refused());
        }
      }
    }
    each.assertAll();
    assertThat(probed).isGreaterThan(30);
  }

  /** A value for an argument, why it was chosen, and whether the core must refuse it. */
  private record Probe(Object value, String why, boolean refused) {}

  private static List<Probe> probes(Map<?, ?> schema) {
    List<Probe> probes = new java.util.ArrayList<>();
    if (schema.get("minimum") instanceof Integer min) {
      probes.add(new Probe(min, "the minimum", false));
      probes.add(new Probe(min - 1, "below the minimum", true));
    }
    if (schema.get("maximum") instanceof Integer max) {
      probes.add(new Probe(max, "the maximum", false));
      probes.add(new Probe(max + 1, "above the maximum", true));
    }
    if (schema.get("minLength") instanceof Integer min) {
      probes.add(new Probe("7".repeat(Math.max(min, 1)), "the shortest", false));
      probes.add(new Probe("7".repeat(min - 1), "shorter than the shortest", true));
    }
    if (schema.get("maxLength") instanceof Integer max) {
      probes.add(new Probe("7".repeat(max), "the longest", false));
      probes.add(new Probe("7".repeat(max + 1), "longer than the longest", true));
    }
    if (schema.get("pattern") != null) {
      probes.add(new Probe("7f3a", "of the pattern", false));
      probes.add(new Probe("no such thing!", "not of the pattern", true));
    }
    if (schema.get("enum") instanceof List<?> words) {
      words.forEach(w -> probes.add(new Probe(w, "one of the enum", false)));
      probes.add(new Probe("nonesuch", "none of the enum", true));
    }
    return probes;
  }

  /** What the tool answers {@code argument=value}, the schema check left out: null when it ran. */
  private FleetException refusal(ToolDefinition tool, String argument, Object value) {
    Map<String, Object> args = new HashMap<>();
    for (Object required :
        (List<?>) tool.tool().inputSchema().getOrDefault("required", List.of())) {
      args.put((String) required, VALID.get(required));
    }
    args.put(argument, value);
    try {
      tools.call(tool.name(), new ToolArguments(args), "limits-test", Progress.NONE);
      return null;
    } catch (FleetException e) {
      return e;
    }
  }
}
