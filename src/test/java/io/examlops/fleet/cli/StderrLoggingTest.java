package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StderrLoggingTest {

  @Test
  void warningsGoToStderrWithTheirStackTraceAndSqliteLoaderNoiseDoesNot() {
    LoggerContext context = new LoggerContext();
    context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
    new StderrLogging().configure(context);
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      context.getLogger("io.examlops.fleet.registry.PlatformDb").info("not at WARN");
      context
          .getLogger("io.examlops.fleet.registry.PlatformDb")
          .warn("retrying {}", "platform.db", new IllegalStateException("busy"));
      context
          .getLogger("org.sqlite.SQLiteJDBCLoader")
          .error("Failed to delete old native lib", new IllegalStateException("raced"));
    } finally {
      System.setErr(original);
      context.stop();
    }
    String err = captured.toString(StandardCharsets.UTF_8);
    assertThat(err)
        .matches(
            "(?s)\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  i\\.e\\.f\\.r\\.PlatformDb - retrying"
                + " platform\\.db\\njava\\.lang\\.IllegalStateException: busy\\n\\tat .*")
        .doesNotContain("not at WARN")
        .doesNotContain("raced");
  }
}
