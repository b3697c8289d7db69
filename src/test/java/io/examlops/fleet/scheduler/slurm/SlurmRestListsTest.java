package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.scheduler.ProbeException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** slurmrestd's lists that cannot be read name the request and the item, jobs and partitions. */
class SlurmRestListsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  @Test
  void anAnswerWithoutItsListIsRefused() throws Exception {
    assertThatThrownBy(() -> SlurmRestJobs.read("GET /jobs", json("{}"), Instant.EPOCH))
        .isInstanceOf(ProbeException.class)
        .hasMessage("GET /jobs answered without a 'jobs' list");
    assertThatThrownBy(() -> SlurmRestPartitions.read("GET /partitions", json("{\"x\":1}")))
        .isInstanceOf(ProbeException.class)
        .hasMessage("GET /partitions answered without a 'partitions' list");
  }

  @Test
  void anUnreadableJobIsNamedByItsPlace() throws Exception {
    assertThatThrownBy(
            () -> SlurmRestJobs.read("GET /jobs", json("{\"jobs\":[{}]}"), Instant.EPOCH))
        .isInstanceOf(ProbeException.class)
        .hasMessage("GET /jobs: job 1 cannot be read: it has no job_state");
  }

  @Test
  void aPartitionIsNamedByItsName() throws Exception {
    assertThatThrownBy(
            () ->
                SlurmRestPartitions.read(
                    "GET /partitions",
                    json("{\"partitions\":[{\"name\":\"gpu\",\"max_time_limit\":\"soon\"}]}")))
        .isInstanceOf(ProbeException.class)
        .hasMessage("GET /partitions: partition gpu: not a number: \"soon\"");
    assertThatThrownBy(
            () -> SlurmRestPartitions.read("GET /partitions", json("{\"partitions\":[{}]}")))
        .isInstanceOf(ProbeException.class)
        .hasMessage("GET /partitions: a partition has no name: {}");
  }
}
