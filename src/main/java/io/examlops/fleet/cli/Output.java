package io.examlops.fleet.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a command's results go: JSON on stdout for machines ({@code --json}), tables and lines for
 * people. Diagnostics always go to stderr so stdout stays parseable.
 */
final class Output {
  static final ObjectMapper JSON =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .serializationInclusion(JsonInclude.Include.ALWAYS)
          .build();

  private final boolean json;
  private final PrintWriter out;
  private final PrintWriter err;

  Output(boolean json, PrintWriter out, PrintWriter err) {
    this.json = json;
    this.out = out;
    this.err = err;
  }

  boolean json() {
    return json;
  }

  PrintWriter out() {
    return out;
  }

  PrintWriter err() {
    return err;
  }

  /** Prints {@code value} as JSON when asked for, else runs the human rendering. */
  void emit(Object value, Runnable human) {
    if (json) {
      printJson(value);
    } else {
      human.run();
    }
    out.flush();
  }

  void printJson(Object value) {
    try {
      out.println(JSON.writeValueAsString(value));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    out.flush();
  }

  /** Reports an error: a JSON object on stdout with --json, always a line on stderr. */
  void error(int exitCode, String kind, String message) {
    if (json) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("kind", kind);
      body.put("message", message);
      body.put("exitCode", exitCode);
      printJson(Map.of("error", body));
    }
    err.println("exa: " + message);
    err.flush();
  }
}
