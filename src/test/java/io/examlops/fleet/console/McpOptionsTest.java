package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which web origins may call /mcp: those given, as browsers write them, and no other. */
class McpOptionsTest {
  @Test
  void anOriginIsComparedAsBrowsersWriteIt() {
    McpOptions options = new McpOptions(false, Set.of("HTTPS://Agents.Example.org:443"));
    assertThat(options.allows("https://agents.example.org")).isTrue();
    assertThat(options.allows(null)).as("no Origin: not a web page").isTrue();
    assertThat(options.allows("http://agents.example.org")).isFalse();
    assertThat(options.allows("https://agents.example.org:8443")).isFalse();
    assertThat(options.allows("https://agents.example.org.evil.example")).isFalse();
    assertThat(options.allows("null")).isFalse();
    assertThat(options.allows("not a url")).isFalse();
    assertThat(McpOptions.READ_ONLY.allows("http://127.0.0.1:8080")).isFalse();
  }

  @Test
  void whatIsNoOriginIsRefusedWithHowToWriteOne() {
    for (String bad :
        new String[] {
          "agents.example.org", "ftp://x.org", "https://x.org/path", "https://u@x.org"
        }) {
      assertThatThrownBy(() -> new McpOptions(false, Set.of(bad)))
          .as(bad)
          .isInstanceOf(FleetException.class)
          .hasMessageContaining("--mcp-allow-origin")
          .hasMessageContaining("scheme://host[:port]");
    }
  }
}
