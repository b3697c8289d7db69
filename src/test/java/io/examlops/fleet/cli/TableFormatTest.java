package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --noheader}, {@code -o/--format} and {@code --parsable} on every table exa prints, run on
 * an approved mock cluster: each table's full header is read from its own output, then the options
 * are checked against it.
 */
class TableFormatTest {
  /** Every command that prints a table, runnable on the mock cluster demo. */
  private static final String[][] TABLES = {
    {"hpc", "clusters"},
    {"hpc", "audit"},
    {"hpc", "jobs", "--no-refresh"},
    {"hpc", "queue", "--cluster", "demo"},
    {"hpc", "nodes", "--cluster", "demo"},
    {"hpc", "capacity"},
    {"hpc", "preflight", "demo", "--gpus", "1"},
  };

  @TempDir Path home;
  private Map<String, String> env;

  @BeforeEach
  void aMockCluster() {
    env = new HashMap<>(ExaRun.fleetIn(home, "ann", 4));
    env.put("PATH", "/usr/bin:/bin");
    assertThat(
            ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock")
                .exitCode())
        .isZero();
    assertThat(ExaRun.run(env, "hpc", "approve", "demo").exitCode()).isZero();
  }

  @Test
  void everyTableDropsItsHeaderChoosesColumnsAndPrintsParsably() {
    for (String[] table : TABLES) {
      String what = String.join(" ", table);
      List<String> plain = lines(run(table));
      List<String> headers = List.of(plain.get(0).trim().split(" +"));
      assertThat(headers).as(what).hasSizeGreaterThan(2);

      assertThat(lines(run(table, "--noheader")))
          .as(what)
          .isEqualTo(plain.subList(1, plain.size()));

      String last = headers.get(headers.size() - 1);
      String first = headers.get(0);
      List<String> chosen = lines(run(table, "-o", last.toLowerCase() + "," + first));
      assertThat(chosen.get(0).split(" +")).as(what).containsExactly(last, first);
      assertThat(lines(run(table, "--format", last + "," + first))).as(what).isEqualTo(chosen);

      List<String> parsable = lines(run(table, "--parsable"));
      assertThat(parsable.get(0)).as(what).isEqualTo(String.join("|", headers));
      assertThat(parsable).as(what).hasSameSizeAs(plain);
      for (String line : parsable) {
        assertThat(line.split("\\|", -1)).as(what + ": " + line).hasSameSizeAs(headers);
        assertThat(line).as(what).doesNotContain("  ");
      }
      assertThat(lines(run(table, "--parsable", "--noheader", "-o", first)))
          .as(what)
          .isEqualTo(
              parsable.subList(1, parsable.size()).stream()
                  .map(l -> l.split("\\|", -1)[0])
                  .toList());
    }
  }

  @Test
  void anUnknownColumnIsAUsageErrorListingTheValidNames() {
    ExaRun run = ExaRun.run(env, "hpc", "clusters", "-o", "name,gpu");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .contains("--format: no column 'gpu' in this table")
        .contains("NAME,STATE,SCHEDULABLE,SCHEDULER,HOST,NODES,GPUS,IDLE_GPUS");
    ExaRun empty = ExaRun.run(env, "hpc", "queue", "--cluster", "demo", "-o", "jobid,");
    assertThat(empty.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(empty.err()).contains("--format: an empty column name");
  }

  @Test
  void aCellHoldingTheSeparatorIsEscapedWhenParsable() {
    ExaRun run = ExaRun.run(env, "hpc", "reject", "demo", "--reason", "moved to a|b");
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> audit = lines(run(new String[] {"hpc", "audit"}, "--parsable", "-o", "details"));
    assertThat(audit).anySatisfy(line -> assertThat(line).contains("moved to a\\|b"));
  }

  private String run(String[] table, String... more) {
    List<String> args = new ArrayList<>(List.of(table));
    args.addAll(List.of(more));
    ExaRun run = ExaRun.run(env, args.toArray(String[]::new));
    assertThat(run.exitCode()).as(args + ": " + run.err()).isZero();
    return run.out();
  }

  /**
   * The table's lines, anything a command prints after its table (a summary) left out, and each
   * time replaced by {@code TIME} (a mock cluster's capacity is read afresh on every run).
   */
  private static List<String> lines(String out) {
    List<String> lines = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (line.isEmpty() || line.startsWith(" ") || line.startsWith("preflight ")) {
        break;
      }
      lines.add(line.replaceAll("[0-9-]{10}T[0-9:.]{12}Z", "TIME"));
    }
    return lines;
  }
}
