package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.JobGate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example Jenkinsfiles shipped with the library, declarative, run by the stand-in against the
 * real exa on the mock backend. They name no cluster credential: a build needs none. The root
 * Jenkinsfile against Slurm is in JenkinsStepsIT.
 */
class ExampleJenkinsfilesIT {
  @TempDir Path dir;

  private Pipeline build(String job) {
    Map<String, String> env = new LinkedHashMap<>(MockFleet.agent(dir, 4, job, "1"));
    return new Pipeline(Path.of("").toAbsolutePath(), dir.resolve(job), env);
  }

  @Test
  void theRootJenkinsfilePreflightsTheClusterItTrainsOnAndArchivesCapacity() throws Exception {
    Pipeline pipeline = build("train");
    String result = pipeline.run(Files.readString(Path.of("Jenkinsfile")));
    String log = pipeline.log().text();
    assertThat(result).as(log).isEqualTo("SUCCESS");
    assertThat(log)
        .contains("training on demo, partition ")
        .contains("hpcPreflight demo: ")
        .contains("epoch 2 of 2: training JPCP on PM100Dataset");
    assertThat(pipeline.testReports()).singleElement().asString().contains("hpcPreflight.demo");
    assertThat(pipeline.artifacts())
        .containsExactlyInAnyOrder("hpc/capacity.html", "hpc/capacity.css", "hpc/capacity.svg");
    assertThat(pipeline.description()).matches("job \\d+ \\(demo mock-\\d+\\) completed, .*");
  }

  @Test
  void theParallelExampleRunsEachBranchUnderThePlacementLock() throws Exception {
    Pipeline pipeline = build("parallel");
    String result = pipeline.run(Files.readString(Path.of("jenkins/parallel.Jenkinsfile")));
    String log = pipeline.log().text();
    assertThat(result).as(log).isEqualTo("SUCCESS");
    assertThat(log)
        .contains("training JPCP on")
        .contains("training FCN on")
        .contains("Lock acquired on [Resource: hpc-fleet-placement]");
    // one line per run, as Safe HTML shows them: each but the last ends with <br>
    assertThat(pipeline.description().lines()).hasSize(2).allMatch(l -> l.contains("completed"));
    assertThat(pipeline.description().lines().findFirst().orElseThrow()).endsWith("<br>");
  }

  @Test
  void anAbortedParallelBuildCancelsTheRunsItWasWaitingOn() throws Exception {
    Pipeline pipeline = build("parallel");
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try (JobGate gate = JobGate.in(dir)) {
      // the runs held until the test is done, where the example's sleep 2 would end them first
      String jenkinsfile =
          Files.readString(Path.of("jenkins/parallel.Jenkinsfile"))
              .replace("sleep 2\n", gate.waitLine());
      Future<String> result = runner.submit(() -> pipeline.run(jenkinsfile));
      Eventually.waitUntil(
          "both runs training",
          Duration.ofSeconds(120),
          () ->
              pipeline.log().text().contains("training JPCP on")
                  && pipeline.log().text().contains("training FCN on"));
      pipeline.abort();

      assertThat(result.get(120, TimeUnit.SECONDS)).as(pipeline.log().text()).isEqualTo("ABORTED");
      String log = pipeline.log().text();
      assertThat(log.lines().filter(l -> l.startsWith("hpcCancel: job ")))
          .as(log)
          .hasSize(2)
          .allMatch(l -> l.toLowerCase(java.util.Locale.ROOT).endsWith("now cancelled"));
    } finally {
      runner.shutdownNow();
    }
  }

  @Test
  void theCapacityJobArchivesTheChartAndTheReport() throws Exception {
    Pipeline pipeline = build("capacity");
    String result = pipeline.run(Files.readString(Path.of("jenkins/capacity.Jenkinsfile")));
    assertThat(result).as(pipeline.log().text()).isEqualTo("SUCCESS");
    assertThat(pipeline.artifacts())
        .containsExactlyInAnyOrder("hpc/capacity.html", "hpc/capacity.css", "hpc/capacity.svg");
  }
}
