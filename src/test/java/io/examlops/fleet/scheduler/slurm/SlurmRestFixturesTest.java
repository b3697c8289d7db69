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
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * slurmrestd's answers read to the same model as the text forms of the same state: Debian's
 * slurmrestd 22.05 (API v0.0.36-v0.0.38) on the testbed, captured back to back with squeue and
 * sinfo (fixtures/slurm/rest/22.05, capture.sh there: alice's job exits 3, bob's is killed at its
 * 1-minute limit, alice's GPU job is cancelled while running, bob's runs, alice's 4-GPU job waits).
 */
class SlurmRestFixturesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String name) throws Exception {
    return JSON.readTree(Fixtures.slurm("rest/22.05/" + name));
  }

  private static Map<String, String> jobIds() {
    return Fixtures.slurm("rest/22.05/jobs.txt")
        .lines()
        .map(l -> l.split("="))
        .collect(Collectors.toMap(p -> p[0], p -> p[1]));
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.37", "v0.0.38"})
  void jobsReadAsSqueueReadsThem(String version) throws Exception {
    Map<String, JobStatus> fromText =
        SqueueParser.parseJobs(
                SqueueFormat.TRACKING,
                "squeue",
                Fixtures.slurm("rest/22.05/squeue-tracking.txt"),
                ZoneOffset.UTC)
            .rows()
            .stream()
            .collect(Collectors.toMap(s -> s.job().id(), Function.identity()));
    Map<String, SlurmRestJobs.Job> fromApi =
        SlurmRestJobs.read("GET jobs", json("jobs-" + version + ".json"), Instant.EPOCH).stream()
            .collect(Collectors.toMap(SlurmRestJobs.Job::id, Function.identity()));

    assertThat(fromApi.keySet()).containsExactlyInAnyOrderElementsOf(fromText.keySet());
    for (String id : fromText.keySet()) {
      JobAccounting text = fromText.get(id).job();
      JobAccounting api = fromApi.get(id).status().job();
      // squeue's tracking form has no account: the API's is more, not another answer
      assertThat(api)
          .as("job %s through %s", id, version)
          .usingRecursiveComparison()
          .ignoringFields("elapsed", "account", "user")
          .isEqualTo(text);
      assertThat(text.account()).isNull();
      assertThat(api.account()).isIn("ml", "physics");
      assertThat(api.user()).isEqualTo(text.user());
      assertThat(fromApi.get(id).status().note())
          .as("reason of %s", id)
          .isEqualTo(fromText.get(id).note());
      if (text.state().terminal()) {
        assertThat(api.elapsed()).as("elapsed of ended job %s", id).isEqualTo(text.elapsed());
      }
    }
    Map<String, String> ids = jobIds();
    assertThat(fromApi.get(ids.get("exit3")).status().job().exitCode()).isEqualTo(3);
    assertThat(fromApi.get(ids.get("timeout")).status().state()).isEqualTo(JobState.TIMEOUT);
    assertThat(fromText.get(ids.get("exit3")).job().user()).isEqualTo("alice");
    assertThat(fromText.get(ids.get("timeout")).job().user()).isEqualTo("bob");
    assertThat(fromApi.get(ids.get("cancelled")).status().state()).isEqualTo(JobState.CANCELLED);
    assertThat(fromApi.get(ids.get("pending")).status().state()).isEqualTo(JobState.PENDING);
    assertThat(fromApi.get(ids.get("pending")).status().job().gpus()).isEqualTo(4);
    assertThat(fromApi.get(ids.get("running")).comment()).isEqualTo("fixture-running");
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.37", "v0.0.38"})
  void nodesReadAsSinfoReadsThem(String version) throws Exception {
    List<NodeInfo> fromText =
        SinfoTextParser.parse(SinfoFormat.RICH, Fixtures.slurm("rest/22.05/sinfo-rich.txt"))
            .nodes();
    List<NodeInfo> fromApi =
        SinfoJsonParser.read("GET nodes", json("nodes-" + version + ".json")).snapshot().nodes();

    // rawState is each form's own spelling (drained, idle+DRAIN): the normalized state is compared
    assertThat(fromApi)
        .usingRecursiveFieldByFieldElementComparatorIgnoringFields("rawState")
        .containsExactlyInAnyOrderElementsOf(fromText);
  }

  /** Why v0.0.36 is not read: its nodes say idle for a drained node and name no partition. */
  @org.junit.jupiter.api.Test
  void v0036IsRefusedForItsNodesHideDrainAndPartitions() throws Exception {
    List<NodeInfo> nodes =
        SinfoJsonParser.read("GET nodes", json("nodes-v0.0.36.json")).snapshot().nodes();
    assertThat(nodes)
        .filteredOn(n -> n.name().equals("n3"))
        .singleElement()
        .satisfies(n -> assertThat(n.state()).isEqualTo(io.examlops.fleet.model.NodeState.IDLE));
    assertThat(nodes).allSatisfy(n -> assertThat(n.partitions()).isEmpty());
    assertThat(new SlurmApiVersion("v0.0.36").known()).isFalse();
    assertThat(
            SlurmApiVersion.newestShared(
                new java.util.TreeSet<>(
                    List.of(new SlurmApiVersion("v0.0.36"), new SlurmApiVersion("v0.0.38")))))
        .contains(new SlurmApiVersion("v0.0.38"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.37", "v0.0.38"})
  void partitionsSayTheDefaultTheirLimitsAndState(String version) throws Exception {
    List<PartitionInfo> partitions =
        SlurmRestPartitions.read("GET partitions", json("partitions-" + version + ".json"));

    assertThat(partitions).extracting(PartitionInfo::name).containsExactly("cpu", "gpu", "debug");
    assertThat(partitions).extracting(PartitionInfo::isDefault).containsExactly(true, false, false);
    assertThat(partitions)
        .extracting(PartitionInfo::maxTimeMinutes)
        .as("INFINITE, 1 day, 30 minutes")
        .containsExactly(null, 1440L, 30L);
    assertThat(partitions).allSatisfy(p -> assertThat(p.limits().takesJobs()).isTrue());
  }

  @org.junit.jupiter.api.Test
  void detectionTellsThatASlurmTakingJwtsCanBeReachedThroughSlurmrestd() {
    String config = Fixtures.slurm("rest/22.05/scontrol-show-config.txt");
    SlurmProbe probe = new SlurmProbe();

    var takesJwt =
        new io.examlops.fleet.transport.ScriptedRunner().answer(SlurmProbe.CONFIG_COMMAND, config);
    assertThat(probe.otherWaysIn(takesJwt))
        .singleElement()
        .asString()
        .contains("takes JWTs (AuthAltTypes=auth/jwt)", "slurmrestd", "docs/rest.md");

    // Slurm prints (null) for a setting that is not set, as for JobCredentialPrivateKey there
    String withoutJwt =
        config.replaceAll("(?m)^AuthAltTypes\\s*=.*$", "AuthAltTypes            = (null)");
    assertThat(withoutJwt).isNotEqualTo(config);
    var noJwt =
        new io.examlops.fleet.transport.ScriptedRunner()
            .answer(SlurmProbe.CONFIG_COMMAND, withoutJwt);
    assertThat(probe.otherWaysIn(noJwt)).isEmpty();
    assertThat(probe.otherWaysIn(new io.examlops.fleet.transport.ScriptedRunner()))
        .as("no scontrol: nothing to tell")
        .isEmpty();
  }
}
