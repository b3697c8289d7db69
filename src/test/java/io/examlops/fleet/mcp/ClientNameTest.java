package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.Actor;
import org.junit.jupiter.api.Test;

/** What a client declares as its name is recorded as the surface {@code mcp:NAME}, made safe. */
class ClientNameTest {
  @Test
  void aDeclaredNameBecomesASurfaceTheAuditTrailAccepts() {
    assertThat(FleetMcpServer.safeClientName("claude-ai")).isEqualTo("claude-ai");
    assertThat(FleetMcpServer.safeClientName("  Claude Desktop ")).isEqualTo("Claude-Desktop");
    assertThat(FleetMcpServer.safeClientName("evil\nname; rm -rf /"))
        .isEqualTo("evil-name--rm--rf-/");
    assertThat(FleetMcpServer.safeClientName("café ☃")).isEqualTo("caf---");
    assertThat(FleetMcpServer.safeClientName("x".repeat(500))).hasSize(64);
    for (String nothing : new String[] {null, "", "   ", "☃☃", "\n"}) {
      assertThat(FleetMcpServer.safeClientName(nothing)).isEqualTo(FleetMcpServer.UNNAMED_CLIENT);
    }
    for (String declared : new String[] {"Claude Desktop", "évil\u0000", "x".repeat(500), null}) {
      String surface = Actor.MCP + ":" + FleetMcpServer.safeClientName(declared);
      assertThat(new Actor("ann", surface).surface()).isEqualTo(surface);
    }
  }
}
