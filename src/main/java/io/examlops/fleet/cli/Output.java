package io.examlops.fleet.cli;

import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.KeyMaterial;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where a command's results go: JSON on stdout for machines ({@code --json}), tables and lines for
 * people. Diagnostics always go to stderr so stdout stays parseable.
 *
 * @param json whether the command was asked for {@code --json}
 */
record Output(boolean json, PrintWriter out, PrintWriter err) {
  /** Prints {@code value} as JSON when asked for, else runs the human rendering. */
  void emit(Object value, Runnable human) {
    if (json) {
      printJson(value);
    } else {
      human.run();
    }
    out.flush();
  }

  /** Prints {@code value} as JSON when asked for, else the one line that says it to people. */
  void emitLine(Object value, Supplier<String> line) {
    emit(value, () -> out.println(line.get()));
  }

  void printJson(Object value) {
    out.println(FleetJson.pretty(value));
    out.flush();
  }

  /** Reports an error: a JSON object on stdout with --json, always a line on stderr. */
  void error(int exitCode, String kind, String text) {
    error(exitCode, kind, text, List.of());
  }

  /**
   * As {@link #error(int, String, String)}, naming the request fields the failure concerns (in the
   * core's words, so that a caller such as the Jenkins steps can name its own parameters).
   */
  void error(int exitCode, String kind, String text, List<String> fields) {
    // The last line of defence: whatever a message quotes, key material never reaches a terminal.
    String message = KeyMaterial.redact(text);
    if (json) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("kind", kind);
      body.put("message", message);
      body.put("exitCode", exitCode);
      body.put("fields", fields);
      printJson(Map.of("error", body));
    }
    err.println("exa: " + message);
    err.flush();
  }
}
