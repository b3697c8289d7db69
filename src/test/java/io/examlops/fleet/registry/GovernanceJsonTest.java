package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streaming reader of hpc_clusters' JSON columns against their writer ({@link RegistryJson}):
 * what is written reads back equal, and what is damaged is refused in the words, and at the place,
 * that databind's reader gives.
 */
class GovernanceJsonTest {
  private static final SchedulerKind SLURM = SlurmAdapter.KIND;

  static Stream<ClusterCaps> capabilities() {
    QueueLimits open = new QueueLimits(null, null, true, true, null);
    QueueLimits stopped = new QueueLimits(8, 2, true, false, "maintenance until 6:00 \"UTC\" ✓");
    return Stream.of(
        new ClusterCaps(
            SLURM,
            "23.11.4",
            12,
            3,
            768,
            48,
            17,
            List.of("a100", "h100"),
            List.of(
                new PartitionInfo("gpu", true, 2880L),
                new PartitionInfo("debug", false, null, open),
                new PartitionInfo("long", false, Long.MAX_VALUE, stopped)),
            true),
        new ClusterCaps(SLURM, "", 0, 0, 0, 0, null, List.of(), List.of(), false),
        new ClusterCaps(SLURM, null, 1, 0, 2, 0, 0, List.of(), List.of(), false));
  }

  @ParameterizedTest
  @MethodSource("capabilities")
  void capabilitiesReadBackAsWritten(ClusterCaps written) {
    String json = RegistryJson.write(written);

    assertThat(GovernanceJson.capabilities(json))
        .isEqualTo(written)
        .isEqualTo(RegistryJson.read(json, ClusterCaps.class));
  }

  @Test
  void jsonNullIsNoCapabilities() {
    assertThat(GovernanceJson.capabilities("null")).isNull();
  }

  @Test
  void fieldsANewerVersionAddsAreSkippedAtEveryLevel() {
    ClusterCaps written = capabilities().findFirst().orElseThrow();
    String future = "\"future\":{\"a\":[1,{\"b\":null},[]],\"c\":\"}\"},\"more\":[true],";
    String json =
        RegistryJson.write(written)
            .replaceFirst("^\\{", "{" + future)
            .replace("{\"name\"", "{" + future + "\"name\"")
            .replace("{\"maxGpusPerJob\"", "{" + future + "\"maxGpusPerJob\"")
            .replaceFirst("}$", ",\"last\":7.5e3}");
    assertThat(json).contains("\"maxGpusPerJob\"").containsPattern("(?s)future.*future.*future");

    assertThat(GovernanceJson.capabilities(json)).isEqualTo(written);
  }

  @Test
  void aStoredSchedulerReadsInAnyCaseAsBefore() {
    String json = RegistryJson.write(capabilities().findFirst().orElseThrow());
    assertThat(json).contains("\"scheduler\":\"SLURM\"");

    assertThat(GovernanceJson.capabilities(json.replace("\"SLURM\"", "\"slurm\"")).scheduler())
        .isSameAs(SLURM);
  }

  @Test
  void aConnectionReadsBackWithItsSettingsInTheirOrder() {
    LinkedHashMap<String, String> settings = new LinkedHashMap<>();
    settings.put("zeta", "last written first");
    settings.put("alpha", "");
    settings.put("api", null);
    StoredConnection written =
        new StoredConnection(
            "flux",
            "ssh",
            "login.example.org",
            2222,
            "alice",
            "SHA256:key",
            "SHA256:host",
            settings,
            List.of("bastion:22", "inner"));

    StoredConnection read = GovernanceJson.connection(RegistryJson.write(written));

    assertThat(read).isEqualTo(written);
    assertThat(read.settings().keySet()).containsExactly("zeta", "alpha", "api");
  }

  @Test
  void aConnectionOfNullsAndEmptiesReadsBack() {
    StoredConnection written =
        new StoredConnection(
            "mock", "local", null, null, null, null, null, new LinkedHashMap<>(), List.of());

    assertThat(GovernanceJson.connection(RegistryJson.write(written)))
        .isEqualTo(written)
        .isEqualTo(RegistryJson.read(RegistryJson.write(written), StoredConnection.class));
  }

  @Test
  void pinnedSettingsAndJumpsReadBack() {
    LinkedHashMap<String, String> settings = new LinkedHashMap<>();
    settings.put("uri", "local:///run/flux/local");
    settings.put("api", "v0.0.40");

    assertThat(GovernanceJson.settings(RegistryJson.write(settings)))
        .containsExactlyEntriesOf(settings);
    assertThat(GovernanceJson.jumps(RegistryJson.write(List.of("a", "b:2022"))))
        .containsExactly("a", "b:2022");
  }

  /** Damaged capabilities: the old reader's message, place included, is the new one's. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "{not json",
        "",
        "[]",
        "\"text\"",
        "{\"scheduler\":\"SLURM\",\"nodes\":1",
        "{\"nodes\":1,\"gpuTypes\":[],\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"gpuTypes\":[],\"partitions\":[{\"isDefault\":true}]}",
        "{\"scheduler\":\"SLURM\",\"nodes\":99999999999,\"gpuTypes\":[],\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"gpuTypes\":{},\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"gpuTypes\":[],\"partitions\":[],\"accounting\":[]}",
        "{\"scheduler\":\"SLURM\",\"gpuTypes\":[],\"partitions\":[{\"name\":[]}]}"
      })
  void damagedCapabilitiesAreRefusedAsTheDatabindReaderRefusedThem(String json) {
    String before = refusal(() -> RegistryJson.read(json, ClusterCaps.class));

    assertThatThrownBy(() -> GovernanceJson.capabilities(json))
        .isInstanceOf(DamagedValueException.class)
        .hasMessage(before);
  }

  @Test
  void anUnknownSchedulerIsRefusedAtTheEndOfItsObject() {
    String json = "{\"scheduler\":\"lsf\",\"gpuTypes\":[],\"partitions\":[]}";
    assertThat(refusal(() -> RegistryJson.read(json, ClusterCaps.class)))
        .as("databind named no place")
        .endsWith("is not what exa writes there");

    assertThatThrownBy(() -> GovernanceJson.capabilities(json))
        .isInstanceOf(DamagedValueException.class)
        .hasMessageEndingWith("is not what exa writes there (line 1, column 49)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"[1,2]", "{\"a\":{}}", "{\"a\":[]}", "{\"a\"", "7"})
  void damagedSettingsAreRefusedAsTheDatabindReaderRefusedThem(String json) {
    String before =
        refusal(
            () -> RegistryJson.read(json, new TypeReference<LinkedHashMap<String, String>>() {}));

    assertThatThrownBy(() -> GovernanceJson.settings(json))
        .isInstanceOf(DamagedValueException.class)
        .hasMessage(before);
  }

  /** Values exa never writes, which databind converted and this reader refuses. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"scheduler\":\"SLURM\",\"nodes\":\"3\",\"gpuTypes\":[],\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"nodes\":3.5,\"gpuTypes\":[],\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"nodes\":null,\"gpuTypes\":[],\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"accounting\":1,\"gpuTypes\":[],\"partitions\":[]}",
        "{\"scheduler\":\"SLURM\",\"gpuTypes\":[7],\"partitions\":[]}"
      })
  void valuesOfAnotherTypeAreRefused(String json) {
    assertThatThrownBy(() -> GovernanceJson.capabilities(json))
        .isInstanceOf(DamagedValueException.class)
        .hasMessageStartingWith("the JSON '" + json.substring(0, 40) + "...' is not what exa")
        .hasMessageContaining("(line 1, column ");
  }

  private static String refusal(Runnable read) {
    try {
      read.run();
    } catch (DamagedValueException e) {
      return e.getMessage();
    }
    throw new AssertionError("the databind reader took it");
  }
}
