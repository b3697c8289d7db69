package io.examlops.fleet.console;

import io.examlops.fleet.registry.Timestamps;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A year of history written straight into a console's platform.db (one transaction, as the stores
 * would have written it over months), and a signed-in browser's requests, for the tests of the Jobs
 * and Activity pages.
 */
final class History {
  private History() {}

  /** A job row as the stores write it; {@code null} columns left unknown. */
  record Row(
      String cluster,
      String name,
      String user,
      String token,
      String state,
      Integer exitCode,
      String reason) {}

  /** Writes the rows in order (the last is the newest), ended an hour after they started. */
  static void jobs(ConsoleFixture console, List<Row> rows) throws Exception {
    try (Connection c = connect(console)) {
      c.setAutoCommit(false);
      try (PreparedStatement s =
          c.prepareStatement(
              "INSERT INTO hpc_jobs (cluster, scheduler_job_id, name, gpus, nodes, state,"
                  + " submitted_by, submitted_at, started_at, ended_at, elapsed_seconds,"
                  + " gpu_hours, exit_code, reason, token_id)"
                  + " VALUES (?, ?, ?, 2, 1, ?, ?, ?, ?, ?, 3600, 2.0, ?, ?, ?)")) {
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        int n = 0;
        for (Row r : rows) {
          n++;
          Instant submitted = at.plusSeconds(60L * n);
          s.setString(1, r.cluster());
          s.setString(2, "mock-" + (900_000 + n));
          s.setString(3, r.name());
          s.setString(4, r.state());
          s.setString(5, r.user());
          s.setString(6, Timestamps.format(submitted));
          s.setString(7, Timestamps.format(submitted.plusSeconds(5)));
          s.setString(8, Timestamps.format(submitted.plusSeconds(3605)));
          if (r.exitCode() == null) {
            s.setNull(9, java.sql.Types.INTEGER);
          } else {
            s.setInt(9, r.exitCode());
          }
          s.setString(10, r.reason());
          s.setString(11, r.token());
          s.addBatch();
        }
        s.executeBatch();
      }
      c.commit();
    }
  }

  /** {@code n} completed jobs of {@code user} on {@code cluster}, named {@code train-N}. */
  static void jobs(ConsoleFixture console, String cluster, String user, String token, int n)
      throws Exception {
    List<Row> rows = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      rows.add(new Row(cluster, "train-" + i, user, token, "COMPLETED", 0, null));
    }
    jobs(console, rows);
  }

  /** {@code n} audit events of {@code actor}, action {@code action}, on {@code cluster}. */
  static void events(ConsoleFixture console, String actor, String action, String cluster, int n)
      throws Exception {
    try (Connection c = connect(console)) {
      c.setAutoCommit(false);
      try (PreparedStatement s =
          c.prepareStatement(
              "INSERT INTO audit_events (at, actor, surface, action, cluster, details_json)"
                  + " VALUES (?, ?, 'cli', ?, ?, ?)")) {
        for (int i = 1; i <= n; i++) {
          s.setString(1, Timestamps.format(Instant.now()));
          s.setString(2, actor);
          s.setString(3, action);
          s.setString(4, cluster);
          s.setString(5, "{\"n\": " + i + "}");
          s.addBatch();
        }
        s.executeBatch();
      }
      c.commit();
    }
  }

  private static Connection connect(ConsoleFixture console) throws Exception {
    Path db = Path.of(console.env.get("EXAMLOPS_PLATFORM_DB"));
    return DriverManager.getConnection("jdbc:sqlite:" + db);
  }

  /** A browser signed in as one user: its session cookie and CSRF token. */
  static final class Browser {
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    final String cookie;
    final String csrf;

    Browser(ConsoleFixture console, String user) throws Exception {
      this.base = console.base;
      this.cookie =
          ConsoleFixture.signIn(http, base, user, ConsoleFixture.PASSWORD)
              .headers()
              .allValues("Set-Cookie")
              .stream()
              .filter(c -> c.startsWith(ConsoleServer.SESSION_COOKIE + "="))
              .findFirst()
              .orElseThrow()
              .split(";")[0];
      Matcher token = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(get("/").body());
      if (!token.find()) {
        throw new AssertionError("no CSRF token on the Fleet page");
      }
      this.csrf = token.group(1);
    }

    HttpResponse<String> get(String path) throws Exception {
      return http.send(
          HttpRequest.newBuilder(URI.create(base + path)).header("Cookie", cookie).GET().build(),
          HttpResponse.BodyHandlers.ofString());
    }

    /** A form posted as the page posts it; {@code csrf} {@code null} leaves the token out. */
    HttpResponse<String> post(String path, String csrf) throws Exception {
      return http.send(
          HttpRequest.newBuilder(URI.create(base + path))
              .header("Cookie", cookie)
              .header("Content-Type", "application/x-www-form-urlencoded")
              .POST(HttpRequest.BodyPublishers.ofString(csrf == null ? "" : "csrf=" + csrf))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    }
  }

  /** CSV as RFC 4180 reads it: rows of cells, quoted cells unquoted. */
  static List<List<String>> csv(String text) {
    List<List<String>> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          cell.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        row.add(cell.toString());
        cell.setLength(0);
      } else if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
        row.add(cell.toString());
        cell.setLength(0);
        rows.add(row);
        row = new ArrayList<>();
        i++;
      } else {
        cell.append(ch);
      }
    }
    if (cell.length() > 0 || !row.isEmpty()) {
      throw new AssertionError("the CSV does not end with CRLF: " + row + cell);
    }
    return rows;
  }
}
