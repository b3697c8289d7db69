package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.access.TokenScope;
import io.javalin.http.HandlerType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every REST route (the fleet API, the admin forms, central mode's endpoints), as every kind of
 * caller (nobody, a viewer's and an admin's session, read, submit and admin tokens), with
 * malformed, oversized, deeply nested and wrongly typed bodies, hostile path segments and queries:
 * no answer is a 5xx, and every refusal under {@code /api} has the one JSON error shape.
 */
class RestFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final List<String> NAMES =
      List.of("Bad%20Name", "%00", "..%2F..", "x".repeat(300), "%E2%80%AEtoor", "%C0%AF");
  private static final List<String> IDS = List.of("-1", "99999999999999999999", "abc", "1.5");
  private static final List<String> JOBS =
      List.of("%23-1", "%2399999999999999999999", "slurm:%00", "x".repeat(300), "%E2%80%AE1");
  private static final List<String> QUERIES =
      List.of(
          "?gpus=abc",
          "?gpus=99999999999&nodes=-1",
          "?gpus=%D9%A3",
          "?cluster=%0A%1B[31m",
          "?range=forever",
          "?state=EXPLODED&model=%00",
          "?tag=" + "t".repeat(4000),
          "?cluster=nope&gpus=1&partition=gpu%0A--wrap%3Devil");
  private static final List<String> BODIES =
      List.of(
          "",
          "{",
          "[".repeat(5_000),
          "{\"reason\": " + "9".repeat(1_000) + "}",
          "{\"reason\": " + "9".repeat(5_000) + "}",
          "{\"reason\": [1, 2], \"revision\": 5}",
          "{\"revision\": \"pending-zzzz\"}",
          "{\"job\": {\"id\": \"x\", \"gpus\": -1}}",
          "{\"job\": " + "{\"a\":".repeat(100) + "1" + "}".repeat(100) + "}",
          "{\"schedulerJobId\": {}}",
          "null",
          "\"text\"",
          "{\"reason\": \"ok\"} trailing",
          "\u0000\u00ff\ufffe binary");
  private static final List<String> FORMS =
      List.of(
          "",
          "scope=root&name=x&owner=vic",
          "owner=%00&name=" + "n".repeat(500),
          "reason=%E2%80%AE&revision=active-0-0-0",
          "user=ann&password=x");

  @TempDir Path dir;

  private final HttpClient http = HttpClient.newHttpClient();

  /** Who calls: headers it sends, and whether it speaks forms (a session) or JSON. */
  private record Caller(String name, Map<String, String> headers, boolean session) {}

  @Test
  void noInputToAnyRouteAsAnyCallerIsA5xxAndEveryApiRefusalHasTheOneShape() throws Exception {
    try (ConsoleFixture console = new ConsoleFixture(dir, "alpha", "beta")) {
      List<Caller> callers = callers(console);
      List<String> failures = new ArrayList<>();
      TreeSet<String> routes = new TreeSet<>();
      int sent = 0;
      for (var handler : console.server.app().unsafe.internalRouter.allHttpHandlers()) {
        HandlerType method = handler.endpoint.method;
        String path = handler.endpoint.path;
        if (!method.isHttpMethod() || path.contains("*")) {
          continue;
        }
        routes.add(method + " " + path);
        for (Caller caller : callers) {
          for (String target : targets(path)) {
            if (method == HandlerType.GET) {
              for (String query : withNone(QUERIES)) {
                sent++;
                check(console, caller, method, target + query, null, failures);
              }
            } else {
              for (String body : caller.session() ? withJson(FORMS) : BODIES) {
                sent++;
                check(console, caller, method, target, body, failures);
              }
            }
          }
        }
      }
      assertThat(routes)
          .as("the pages, the fleet API, the admin forms and central mode are all tried")
          .anyMatch(r -> r.equals("POST /clusters/{name}/approve"))
          .anyMatch(r -> r.startsWith("POST /admin/users/{user}/"))
          .anyMatch(r -> r.contains("/approve"))
          .anyMatch(r -> r.startsWith("POST /admin/tokens"))
          .anyMatch(r -> r.startsWith("POST /api/v1/facility/central/submit"));
      assertThat(sent).isGreaterThan(1_000);
      assertThat(failures).as("answers that broke the rules").isEmpty();
    }
  }

  private void check(
      ConsoleFixture console,
      Caller caller,
      HandlerType method,
      String target,
      String body,
      List<String> failures)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(console.base + target));
    caller.headers().forEach(b::header);
    boolean form = caller.session() && body != null && !body.startsWith("{");
    if (body != null) {
      b.header("Content-Type", form ? "application/x-www-form-urlencoded" : "application/json");
    }
    b.method(
        method.name(),
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    HttpResponse<String> r;
    try {
      r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException e) {
      // The server closes a connection whose body it refused unread; the client may have put the
      // next request on it already. Asked again on a connection of its own, it must answer.
      try {
        r = HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
      } catch (java.io.IOException again) {
        failures.add(caller.name() + " " + method + " " + shorten(target) + ": no answer: " + e);
        return;
      }
    }
    String what =
        caller.name()
            + " "
            + method
            + " "
            + shorten(target)
            + (body == null ? "" : " body " + shorten(body))
            + " -> "
            + r.statusCode();
    if (r.statusCode() >= 500) {
      failures.add(what + " " + shorten(r.body()));
      return;
    }
    if (r.statusCode() >= 400 && target.startsWith("/api/")) {
      String problem = shapeProblem(r);
      if (problem != null) {
        failures.add(what + ": " + problem + " " + shorten(r.body()));
      }
    }
    if (r.body().contains("io.examlops.") || r.body().contains("com.fasterxml")) {
      failures.add(what + ": names a Java class " + shorten(r.body()));
    }
  }

  private static String shapeProblem(HttpResponse<String> r) {
    if (!r.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
      return "not JSON";
    }
    try {
      JsonNode error = JSON.readTree(r.body()).get("error");
      if (error == null
          || !error.path("kind").isTextual()
          || !error.path("message").isTextual()
          || !error.path("hint").isTextual()
          || error.path("status").asInt() != r.statusCode()) {
        return "not the one error shape";
      }
      return null;
    } catch (java.io.IOException e) {
      return "not JSON";
    }
  }

  /** The route's path with its parameters filled: a real value, then hostile ones. */
  private static List<String> targets(String path) {
    List<String> targets = new ArrayList<>();
    targets.add(filled(path));
    if (path.contains("{name}") || path.contains("{user}")) {
      NAMES.forEach(n -> targets.add(filled(path.replace("{name}", n).replace("{user}", n))));
    }
    if (path.contains("{id}")) {
      IDS.forEach(i -> targets.add(filled(path.replace("{id}", i))));
    }
    if (path.contains("{job}")) {
      JOBS.forEach(j -> targets.add(filled(path.replace("{job}", j))));
    }
    return targets;
  }

  /** A path's parameters that are still open filled with real values. */
  private static String filled(String path) {
    return path.replace("{name}", "alpha")
        .replace("{id}", "1")
        .replace("{job}", "%231")
        .replace("{user}", "vic");
  }

  private static List<String> withNone(List<String> values) {
    List<String> all = new ArrayList<>();
    all.add("");
    all.addAll(values);
    return all;
  }

  /** A session's forms, and a few JSON bodies as a script in its page might send. */
  private static List<String> withJson(List<String> forms) {
    List<String> all = new ArrayList<>(forms);
    all.add("{");
    all.add("[".repeat(5_000));
    all.add("{\"reason\": " + "9".repeat(1_000) + "}");
    return all;
  }

  private List<Caller> callers(ConsoleFixture console) throws Exception {
    Map<String, Map<String, String>> tokens = new LinkedHashMap<>();
    tokens.put("read token", bearer(console.token(ConsoleFixture.VIEWER, TokenScope.READ)));
    tokens.put(
        "submit token",
        bearer(console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT)));
    tokens.put(
        "admin token",
        bearer(
            console.token(
                ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.SUBMIT, TokenScope.ADMIN)));
    List<Caller> callers = new ArrayList<>();
    callers.add(new Caller("anonymous", Map.of(), false));
    callers.add(new Caller("forged bearer", bearer("exa_nope_" + "A".repeat(43)), false));
    tokens.forEach((name, headers) -> callers.add(new Caller(name, headers, false)));
    callers.add(new Caller("viewer session", session(console, ConsoleFixture.VIEWER), true));
    callers.add(new Caller("admin session", session(console, ConsoleFixture.ADMIN), true));
    return callers;
  }

  private static Map<String, String> bearer(String token) {
    return Map.of("Authorization", "Bearer " + token);
  }

  /** A signed-in browser's headers: its cookie and its pages' CSRF token. */
  private Map<String, String> session(ConsoleFixture console, String user) throws Exception {
    HttpResponse<String> r =
        ConsoleFixture.signIn(http, console.base, user, ConsoleFixture.PASSWORD);
    String cookie = r.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
    HttpResponse<String> page =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + "/")).header("Cookie", cookie).build(),
            HttpResponse.BodyHandlers.ofString());
    Matcher csrf = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page.body());
    assertThat(csrf.find()).isTrue();
    return Map.of("Cookie", cookie, ConsoleServer.CSRF_HEADER, csrf.group(1));
  }

  private static String shorten(String text) {
    String flat = text.replace("\n", "\\n");
    return flat.length() > 120 ? flat.substring(0, 120) + "..." : flat;
  }
}
