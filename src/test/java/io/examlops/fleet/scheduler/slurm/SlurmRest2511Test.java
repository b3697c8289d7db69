package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.testing.Fixtures;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Slurm 25.11.7's slurmrestd (data parsers v0.0.41-v0.0.44) read to the same model as the text
 * forms of the same state (fixtures/slurm/rest/25.11, README there: jobs 10 exits 3, 11 is killed
 * at its 1-minute limit, 12 is bob's, 13 is cancelled while running, 7 and 9 wait).
 */
class SlurmRest2511Test {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String name) throws Exception {
    return JSON.readTree(Fixtures.slurm("rest/25.11/" + name));
  }

  @Test
  void theNewestVersionBothKnowIsChosenFromWhatTheServerOffers() throws Exception {
    TreeSet<SlurmApiVersion> offered25 = SlurmApiVersion.offered(json("openapi-v3.paths.json"));
    assertThat(offered25)
        .extracting(SlurmApiVersion::label)
        .containsExactly("v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44");
    assertThat(SlurmApiVersion.newestShared(offered25)).contains(new SlurmApiVersion("v0.0.44"));

    TreeSet<SlurmApiVersion> offered22 =
        SlurmApiVersion.offered(JSON.readTree(Fixtures.slurm("rest/22.05/openapi-v3.paths.json")));
    assertThat(offered22)
        .extracting(SlurmApiVersion::label)
        .containsExactly("v0.0.36", "v0.0.37", "v0.0.38");
    assertThat(SlurmApiVersion.newestShared(offered22)).contains(new SlurmApiVersion("v0.0.38"));

    TreeSet<SlurmApiVersion> onlyNewer =
        SlurmApiVersion.offered(JSON.readTree("{\"paths\":{\"/slurm/v0.0.45/ping\":{}}}"));
    assertThat(SlurmApiVersion.newestShared(onlyNewer)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44"})
  void nodesReadAsSinfoReadsThem(String version) throws Exception {
    List<NodeInfo> fromText =
        SinfoTextParser.parse(SinfoFormat.RICH, Fixtures.slurm("rest/25.11/text/sinfo-rich.txt"))
            .nodes();
    SinfoJsonParser.Document fromApi =
        SinfoJsonParser.read("GET nodes", json(version + "/nodes.json"));

    assertThat(fromApi.slurmRelease()).isEqualTo("25.11.7");
    assertThat(fromApi.snapshot().nodes())
        .usingRecursiveFieldByFieldElementComparatorIgnoringFields("rawState")
        .containsExactlyInAnyOrderElementsOf(fromText)
        .isNotEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44"})
  void partitionsSayTheDefaultAndTheLimits(String version) throws Exception {
    List<PartitionInfo> partitions =
        SlurmRestPartitions.read("GET partitions", json(version + "/partitions.json"));

    assertThat(partitions).extracting(PartitionInfo::name).containsExactlyInAnyOrder("cpu", "gpu");
    Map<String, PartitionInfo> byName =
        partitions.stream().collect(Collectors.toMap(PartitionInfo::name, Function.identity()));
    // the data parsers write no partition flags: which is the default is not known, not guessed
    // (slurm.conf makes cpu the default; a job without a partition still goes there)
    assertThat(partitions).noneMatch(PartitionInfo::isDefault);
    assertThat(byName.get("cpu").maxTimeMinutes()).as("INFINITE").isNull();
    assertThat(byName.get("gpu").maxTimeMinutes()).isEqualTo(1440L);
    assertThat(partitions).allSatisfy(p -> assertThat(p.limits().takesJobs()).isTrue());
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44"})
  void jobsReadAsSqueueReadsThem(String version) throws Exception {
    Map<String, JobStatus> fromText =
        SqueueParser.parseJobs(
                SqueueFormat.TRACKING,
                "squeue",
                Fixtures.slurm("rest/25.11/text/squeue-tracking.txt"),
                ZoneOffset.UTC)
            .rows()
            .stream()
            .collect(Collectors.toMap(s -> s.job().id(), Function.identity()));
    Map<String, SlurmRestJobs.Job> fromApi =
        SlurmRestJobs.read("GET jobs", json(version + "/jobs.json"), Instant.EPOCH).stream()
            .collect(Collectors.toMap(SlurmRestJobs.Job::id, Function.identity()));

    assertThat(fromApi.keySet()).containsAll(fromText.keySet());
    for (String id : fromText.keySet()) {
      JobAccounting text = fromText.get(id).job();
      JobAccounting api = fromApi.get(id).status().job();
      // squeue's tracking form has no account: the API's is more, not another answer
      assertThat(api)
          .as("job %s through %s", id, version)
          .usingRecursiveComparison()
          .ignoringFields("elapsed", "account", "rawState")
          .isEqualTo(text);
      assertThat(fromApi.get(id).status().note())
          .as("reason of %s", id)
          .isEqualTo(fromText.get(id).note());
      if (text.state().terminal()) {
        assertThat(api.elapsed()).as("elapsed of ended job %s", id).isEqualTo(text.elapsed());
      }
    }
    assertThat(fromApi.get("10").status().job().exitCode()).isEqualTo(3);
    assertThat(fromApi.get("11").status().state()).isEqualTo(JobState.TIMEOUT);
    assertThat(fromApi.get("12").status().job().user()).isEqualTo("bob");
    assertThat(fromApi.get("13").status().state()).isEqualTo(JobState.CANCELLED);
    assertThat(fromApi.get("7").status().state()).isEqualTo(JobState.PENDING);
    assertThat(fromApi.get("2").comment()).isEqualTo("examlops-mark-v41");
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44"})
  void accountingReadsAsSacctReadsIt(String version) throws Exception {
    SlurmApiVersion v = new SlurmApiVersion(version);
    JobAccounting failed =
        SlurmRestAccounting.read("GET", json(version + "/slurmdb-job-failed-exit3.json"), v).get(0);
    assertThat(failed.id()).isEqualTo("10");
    assertThat(failed.state()).isEqualTo(JobState.FAILED);
    assertThat(failed.exitCode()).isEqualTo(3);
    assertThat(failed.user()).isEqualTo("alice");
    JobAccounting timedOut =
        SlurmRestAccounting.read("GET", json(version + "/slurmdb-job-timeout.json"), v).get(0);
    assertThat(timedOut.state()).isEqualTo(JobState.TIMEOUT);
    assertThat(timedOut.exitCode()).as("0:0 of a job killed at its limit is no exit").isNull();
    JobAccounting gpu =
        SlurmRestAccounting.read("GET", json(version + "/slurmdb-job-running-gpu.json"), v).get(0);
    assertThat(gpu.gpus()).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.42", "v0.0.43", "v0.0.44"})
  void aCancelsAnswerSaysWhetherTheJobWasRunningEndedOrUnknown(String version) throws Exception {
    assertThat(SlurmRestBackend.cancelled(json(version + "/job-delete.json")).outcome())
        .isEqualTo(io.examlops.fleet.model.CancelOutcome.REQUESTED);
    assertThat(SlurmRestBackend.cancelled(json(version + "/job-delete-ended.json")).outcome())
        .isEqualTo(io.examlops.fleet.model.CancelOutcome.ALREADY_ENDED);
    assertThat(SlurmRestBackend.cancelled(json(version + "/job-delete-missing.json")).outcome())
        .isEqualTo(io.examlops.fleet.model.CancelOutcome.NOT_FOUND);
  }
}
