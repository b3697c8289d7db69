package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.testing.JobGate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code exa hpc logs} and the submit options the Jenkins steps use, on the mock backend. */
class LogsCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;
  private Map<String, String> env;

  @BeforeEach
  void aMockCluster() {
    env = new java.util.HashMap<>(ExaRun.fleetIn(home, "ann", 4));
    env.put("PATH", "/usr/bin:/bin");
    assertThat(
            ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock")
                .exitCode())
        .isZero();
    assertThat(ExaRun.run(env, "hpc", "approve", "demo").exitCode()).isZero();
  }

  private Path script(String name, String text) throws Exception {
    return Files.writeString(home.resolve(name), text);
  }

  @Test
  void followPrintsTheWholeOutputAndEndsWithTheJob() throws Exception {
    Path slow = script("slow.sh", "#!/bin/sh\necho one\nsleep 3\nprintf 'two\\nno newline'\n");
    JsonNode job =
        JSON.readTree(
                ExaRun.run(env, "--json", "hpc", "submit", "--cluster", "demo", slow.toString())
                    .out())
            .get("job");
    String id = job.get("id").asText();

    ExaRun followed = ExaRun.run(env, "hpc", "logs", id, "--follow");
    assertThat(followed.exitCode()).as(followed.err()).isZero();
    assertThat(followed.out()).isEqualTo("one\ntwo\nno newline");

    ExaRun json = ExaRun.run(env, "--json", "hpc", "logs", id);
    DocumentedShapes.cliReference().assertMatches("hpc logs", json.out());
    JsonNode read = JSON.readTree(json.out());
    assertThat(read.get("text").asText()).isEqualTo("one\ntwo\nno newline");
    assertThat(read.get("job").get("state").asText()).isEqualTo("completed");
    assertThat(read.get("found").asBoolean()).isTrue();
  }

  @Test
  void tailPrintsTheLastLinesOnlyAndSaysWhetherEarlierOnesWereLeftOut() throws Exception {
    Path many = script("many.sh", "#!/bin/sh\nfor i in 1 2 3 4 5; do echo line $i; done\n");
    ExaRun submitted =
        ExaRun.run(env, "--json", "hpc", "submit", "--cluster", "demo", "--wait", many.toString());
    String id = JSON.readTree(submitted.out()).get("job").get("id").asText();

    ExaRun two = ExaRun.run(env, "hpc", "logs", id, "--tail", "2");
    assertThat(two.exitCode()).as(two.err()).isZero();
    assertThat(two.out()).isEqualTo("line 4\nline 5\n");
    JsonNode cut = JSON.readTree(ExaRun.run(env, "--json", "hpc", "logs", id, "--tail", "2").out());
    assertThat(cut.get("text").asText()).isEqualTo("line 4\nline 5\n");
    assertThat(cut.get("cut").asBoolean()).isTrue();
    JsonNode whole =
        JSON.readTree(ExaRun.run(env, "--json", "hpc", "logs", id, "--tail", "9").out());
    assertThat(whole.get("cut").asBoolean()).isFalse();

    ExaRun both = ExaRun.run(env, "hpc", "logs", id, "--tail", "2", "--follow");
    assertThat(both.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(both.err()).contains("--tail does not go with --follow");
    ExaRun zero = ExaRun.run(env, "hpc", "logs", id, "--tail", "0");
    assertThat(zero.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(zero.err()).contains("--tail must be 1 to 100000 lines, got 0");
  }

  @Test
  void aJobSubmittedWithOutputWritesThereAndLogsReadsItFromThere() throws Exception {
    Path runs = Files.createDirectory(home.resolve("my runs"));
    Path hello = script("hello.sh", "#!/bin/sh\necho hello\necho oops >&2\n");
    ExaRun submitted =
        ExaRun.run(
            env,
            "--json",
            "hpc",
            "submit",
            "--cluster",
            "demo",
            "-J",
            "greet",
            "--output",
            runs + "/%x-%j.log",
            "--wait",
            hello.toString());
    assertThat(submitted.exitCode()).as(submitted.err()).isZero();
    DocumentedShapes.cliReference().assertMatches("hpc submit", submitted.out());
    JsonNode result = JSON.readTree(submitted.out());
    JsonNode job = result.get("job");
    Path file = runs.resolve("greet-" + job.get("schedulerJobId").asText() + ".log");
    assertThat(result.get("output").asText()).isEqualTo(file.toString());
    assertThat(job.get("output").asText()).isEqualTo(runs + "/greet-%j.log");
    assertThat(Files.readString(file)).isEqualTo("hello\noops\n");

    ExaRun logs = ExaRun.run(env, "--json", "hpc", "logs", job.get("id").asText());
    JsonNode read = JSON.readTree(logs.out());
    assertThat(read.get("output").asText()).isEqualTo(file.toString());
    assertThat(read.get("text").asText()).isEqualTo("hello\noops\n");

    ExaRun human =
        ExaRun.run(
            env,
            "hpc",
            "submit",
            "--cluster",
            "demo",
            "-J",
            "greet",
            "--output",
            runs + "/%x-%j.log",
            "--wait",
            hello.toString());
    assertThat(human.out()).contains("  output: " + runs.resolve("greet-mock-2.log") + " on demo");

    ExaRun listed = ExaRun.run(env, "--json", "hpc", "jobs");
    DocumentedShapes.cliReference().assertMatches("hpc jobs", listed.out());
    assertThat(JSON.readTree(listed.out()).get("jobs").get(1).get("output").asText())
        .isEqualTo(runs + "/greet-%j.log");
  }

  @Test
  void anOutputDirectoryThatDoesNotExistIsRefusedWithTheFixAndNothingIsRecorded() throws Exception {
    Path quick = script("quick.sh", "#!/bin/sh\ntrue\n");
    String missing = home.resolve("nosuch") + "/%j.out";
    ExaRun run =
        ExaRun.run(
            env, "hpc", "submit", "--cluster", "demo", "--output", missing, quick.toString());
    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err())
        .contains("--output: the output directory '" + home.resolve("nosuch") + "' does not exist")
        .contains("mkdir -p");
    ExaRun pattern =
        ExaRun.run(
            env, "hpc", "submit", "--cluster", "demo", "--output", "run-%N.out", quick.toString());
    assertThat(pattern.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(pattern.err()).contains("--output: the output path 'run-%N.out' holds %N");
    assertThat(JSON.readTree(ExaRun.run(env, "--json", "hpc", "jobs").out()).get("jobs")).isEmpty();
  }

  @Test
  void anUnknownJobIsNotFound() {
    ExaRun run = ExaRun.run(env, "hpc", "logs", "999");
    assertThat(run.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(run.err()).contains("no tracked job '999'");
  }

  @Test
  void aTagReattachesWhileItsJobRunsAndSubmitsAnewOnceItEnded() throws Exception {
    // The job runs until the second submission has re-attached to it, not for 2 s it might miss.
    JobGate gate = JobGate.in(home);
    Path quick = script("quick.sh", "#!/bin/sh\n" + gate.waitLine() + "echo ran\n");
    String[] tagged = {"--json", "hpc", "submit", "--cluster", "demo", "--tag", "ci/7-train"};
    ExaRun first = ExaRun.run(env, tagged, quick.toString());
    DocumentedShapes.cliReference().assertMatches("hpc submit", first.out());
    JsonNode one = JSON.readTree(first.out());
    assertThat(one.get("reattached").asBoolean()).isFalse();

    ExaRun again;
    try (gate) {
      ExaRun.Started retry = ExaRun.start(env, tagged, "--wait", quick.toString());
      retry.awaitErr("re-attached to job " + one.get("job").get("id").asText());
      gate.open();
      again = retry.result();
    }
    JsonNode two = JSON.readTree(again.out());
    assertThat(two.get("reattached").asBoolean()).isTrue();
    assertThat(two.get("job").get("id").asLong()).isEqualTo(one.get("job").get("id").asLong());
    assertThat(two.get("job").get("state").asText()).isEqualTo("completed");

    // Waited for, so that the job is not still writing into the home the test then deletes.
    JsonNode three = JSON.readTree(ExaRun.run(env, tagged, "--wait", quick.toString()).out());
    assertThat(three.get("reattached").asBoolean()).isFalse();
    assertThat(three.get("job").get("id").asLong()).isNotEqualTo(one.get("job").get("id").asLong());
  }

  @Test
  void badTagsAndUnsetEnvNamesAreRefusedBeforeAnythingIsSubmitted() throws Exception {
    Path quick = script("quick.sh", "#!/bin/sh\ntrue\n");
    ExaRun tag =
        ExaRun.run(env, "hpc", "submit", "--cluster", "demo", "--tag", "a b;rm", quick.toString());
    assertThat(tag.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(tag.err()).contains("is not a tag: a tag is 1 to 200 characters");
    ExaRun unset =
        ExaRun.run(
            env, "hpc", "submit", "--cluster", "demo", "--env", "NOT_SET_HERE", quick.toString());
    assertThat(unset.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(unset.err())
        .contains("--env: 'NOT_SET_HERE': exa's environment has no variable of that name");
    assertThat(JSON.readTree(ExaRun.run(env, "--json", "hpc", "jobs").out()).get("jobs")).isEmpty();
  }
}
