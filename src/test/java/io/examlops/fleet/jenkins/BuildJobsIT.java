package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.JobGate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs as builds see them, on the mock backend: tags made from the build (valid from any job name)
 * that another build never shares, scheduler job names that say which build sent them, the build's
 * description, and hpcWait, hpcLogs and hpcCancel for a job submitted with {@code wait: false}.
 */
class BuildJobsIT {
  @TempDir Path dir;

  private Pipeline build(Map<String, String> agent, String number) {
    Map<String, String> env = new LinkedHashMap<>(agent);
    env.put("BUILD_NUMBER", number);
    return new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws-" + number), env);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> inStage(
      Pipeline pipeline, String stage, String step, Map<String, Object> args) {
    Object[] result = new Object[1];
    pipeline.stage(
        stage,
        new groovy.lang.Closure<Object>(null) {
          @Override
          public Object call() {
            result[0] = pipeline.step(step, args);
            return null;
          }
        });
    return (Map<String, Object>) result[0];
  }

  @Test
  void twoBuildsOfAMultibranchJobNeverShareAJobAndARetryInTheSameBuildReattaches()
      throws Exception {
    Map<String, String> agent = MockFleet.agent(dir, 4, "ml/feature%2Fx y", "5");
    try (JobGate gate = JobGate.in(dir)) {
      Map<String, Object> train =
          Map.of(
              "cluster",
              "demo",
              "wait",
              false,
              "script",
              "#!/bin/sh\necho started\n" + gate.waitLine());
      Pipeline first = build(agent, "5");
      Map<String, Object> one = inStage(first, "Train", "hpcSubmit", train);
      Pipeline second = build(agent, "6");
      Map<String, Object> two = inStage(second, "Train", "hpcSubmit", train);

      assertThat(one.get("tag").toString())
          .matches("ml/feature-2Fx-y-[0-9a-f]+#5:Train")
          .isNotEqualTo(two.get("tag"));
      assertThat(two).containsEntry("reattached", false);
      assertThat(two.get("jobId")).isNotEqualTo(one.get("jobId"));
      assertThat(one.get("name")).isEqualTo("feature-2Fx-y-5-Train");
      assertThat(first.description())
          .startsWith("job " + one.get("jobId") + " (demo mock-")
          .contains(one.get("state").toString());

      Map<String, Object> retried = inStage(first, "Train", "hpcSubmit", train);
      assertThat(retried)
          .containsEntry("reattached", true)
          .containsEntry("jobId", one.get("jobId"));

      // hpcLogs reads the output so far; hpcCancel ends the other build's job; hpcWait follows
      // this one to its end once it may go on
      String text = (String) first.step("hpcLogs", Map.of("job", one.get("jobId")));
      assertThat(text).contains("started");
      Map<?, ?> cancelled = (Map<?, ?>) second.step("hpcCancel", Map.of("job", two.get("jobId")));
      assertThat(cancelled.get("state")).isEqualTo("cancelled");
      assertThatThrownBy(() -> second.step("hpcWait", Map.of("job", two.get("jobId"))))
          .isInstanceOf(PipelineError.class)
          .hasMessageContaining("hpcWait: job " + two.get("jobId") + " (demo mock-")
          .hasMessageContaining("was cancelled on the cluster");
      gate.open();
      Map<?, ?> ended = (Map<?, ?>) first.step("hpcWait", Map.of("job", one.get("jobId")));
      assertThat(ended.get("state")).isEqualTo("completed");
      assertThat(first.description())
          .isEqualTo(
              "job "
                  + one.get("jobId")
                  + " ("
                  + one.get("cluster")
                  + " "
                  + one.get("schedulerJobId")
                  + ") completed, exit code 0, "
                  + first.description().replaceAll(".*exit code 0, ", ""));
      assertThat(first.description())
          .matches("job .* completed, exit code 0, \\d+\\.\\d\\d GPU-hours");
    }
  }

  @Test
  void anAbortCancelsTheJobBeforeJenkinsWouldKill() throws Exception {
    Map<String, String> agent = MockFleet.agent(dir, 4, "train", "1");
    Pipeline pipeline = build(agent, "1");
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try (JobGate gate = JobGate.in(dir)) {
      Future<Object> submitted =
          runner.submit(
              () ->
                  pipeline.step(
                      "hpcSubmit",
                      Map.of(
                          "cluster",
                          "demo",
                          "script",
                          "#!/bin/sh\necho running\n" + gate.waitLine())));
      Eventually.waitUntil(
          "the job's 'running' in the build's log",
          Duration.ofSeconds(120),
          () -> pipeline.log().text().contains("running\n"));
      List<ProcessHandle> killed = pipeline.abort();
      assertThat(killed)
          .as("processes Jenkins would have killed " + Pipeline.KILL_AFTER + " after SIGTERM")
          .isEmpty();
      assertThatThrownBy(() -> submitted.get(60, TimeUnit.SECONDS))
          .hasCauseInstanceOf(PipelineAborted.class);
      assertThat(pipeline.log().text()).containsPattern("exa: interrupted: cancelled job \\d+");
      // the measurement docs/performance.md records
      pipeline
          .log()
          .text()
          .lines()
          .filter(l -> l.contains("after SIGTERM"))
          .forEach(System.out::println);
    } finally {
      runner.shutdownNow();
    }
  }
}
