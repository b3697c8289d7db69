package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SinfoJsonParserTest {
  private static final String CMD = "sinfo -N --json";

  private static NodeInfo node(SinfoSnapshot snapshot, String name) {
    return snapshot.nodes().stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void slurm2205BusyMatchesTheTextForms() {
    var doc = SinfoJsonParser.parse(CMD, Fixtures.slurm("sinfo-N-json.busy.out"));
    assertThat(doc.slurmRelease()).isEqualTo("22.05.8");
    assertThat(doc.dataFormat()).isEqualTo("openapi/v0.0.38");
    var s = doc.snapshot();
    var text = SinfoTextParser.parse(SinfoFormat.SPEC, Fixtures.slurm("sinfo-N-o-pipe.busy.out"));
    assertThat(s.nodes())
        .extracting(NodeInfo::name, NodeInfo::state, NodeInfo::partitions)
        .containsExactlyElementsOf(
            text.nodes().stream()
                .map(n -> org.assertj.core.groups.Tuple.tuple(n.name(), n.state(), n.partitions()))
                .toList());
    assertThat(node(s, "g1").idleGpus()).hasValue(2);
    assertThat(node(s, "g2").rawState()).isEqualTo("mixed+DRAIN");
    assertThat(node(s, "g2").idleGpus()).hasValue(0);
    assertThat(node(s, "n3").state()).isEqualTo(NodeState.DRAIN);
    assertThat(node(s, "n5").rawState()).isEqualTo("down+NOT_RESPONDING");
    assertThat(node(s, "n1").features()).containsExactly("intel", "avx2");
    assertThat(node(s, "n3").reason()).isEqualTo("disk replacement");
    assertThat(node(s, "g2").reason()).isEqualTo("ECC errors on GPU1");
    assertThat(node(s, "n5").reason()).isEqualTo("no slurmd running");
    // an empty reason is none
    assertThat(node(s, "n1").reason()).isNull();
    // 22.05 JSON names partitions but says nothing about defaults or limits
    assertThat(s.partitions())
        .extracting(PartitionInfo::name)
        .containsExactly("gpu", "debug", "cpu");
    assertThat(s.partitions()).allMatch(p -> !p.isDefault() && p.maxTimeMinutes() == null);
  }

  @Test
  void theTestbedsJsonGivesTheReasonWhole() {
    var s =
        SinfoJsonParser.parse(CMD, Fixtures.slurm("sinfo-N-json-reason.testbed.out")).snapshot();
    assertThat(node(s, "n3").reason()).isEqualTo("disk replacement | ticket 42");
    assertThat(node(s, "n5").reason()).isEqualTo("no slurmd running");
    assertThat(node(s, "n4").reason()).isNull();
  }

  @Test
  void slurm2205IdleAgreesWithTheTextForm() {
    var json = SinfoJsonParser.parse(CMD, Fixtures.slurm("sinfo-N-json.idle.out")).snapshot();
    var text = SinfoTextParser.parse(SinfoFormat.SPEC, Fixtures.slurm("sinfo-N-h-o-pipe.idle.out"));
    assertThat(json.nodes())
        .extracting(NodeInfo::name, NodeInfo::state, NodeInfo::cpus, NodeInfo::gpus)
        .containsExactlyElementsOf(
            text.nodes().stream()
                .map(
                    n ->
                        org.assertj.core.groups.Tuple.tuple(
                            n.name(), n.state(), n.cpus(), n.gpus()))
                .toList());
    assertThat(node(json, "n5").rawState()).isEqualTo("unknown+NOT_RESPONDING");
    assertThat(node(json, "n5").state()).isEqualTo(NodeState.DOWN);
  }

  @Test
  void slurm2205ExtraStates() {
    var s = SinfoJsonParser.parse(CMD, Fixtures.slurm("sinfo-N-json.extra-states.out")).snapshot();
    assertThat(node(s, "n3").state()).isEqualTo(NodeState.DOWN); // idle + POWERED_DOWN
    assertThat(node(s, "n4").state()).isEqualTo(NodeState.DRAIN); // MAINTENANCE+RESERVED
    assertThat(node(s, "g2").state()).isEqualTo(NodeState.ALLOCATED); // RESERVED
    assertThat(node(s, "n5").state()).isEqualTo(NodeState.DOWN); // unknown + NOT_RESPONDING
    assertThat(node(s, "g1").gpusInUse()).isZero(); // gpu:a100:0(IDX:N/A)
    assertThat(node(s, "g1").idleGpus()).hasValue(4);
  }

  @Test
  void slurm2108PublicCapture() {
    var doc = SinfoJsonParser.parse(CMD, Fixtures.slurm("public/rivosinc-sinfo_out.21.08.5.json"));
    assertThat(doc.dataFormat()).isEqualTo("openapi/v0.0.37");
    assertThat(doc.slurmRelease()).isEqualTo("21.08.5");
    var s = doc.snapshot();
    assertThat(s.nodes())
        .extracting(NodeInfo::name, NodeInfo::state)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("cs2.example.company.com", NodeState.MIXED),
            org.assertj.core.groups.Tuple.tuple("cs3.example.company.com", NodeState.IDLE),
            org.assertj.core.groups.Tuple.tuple("cs4.example.company.com", NodeState.ALLOCATED),
            org.assertj.core.groups.Tuple.tuple("cs5.example.company.com", NodeState.DOWN));
    NodeInfo cs2 = node(s, "cs2.example.company.com");
    assertThat(cs2.cpus()).isEqualTo(64);
    assertThat(cs2.memoryMb()).isEqualTo(500000);
    assertThat(cs2.gpus()).isEmpty();
    assertThat(cs2.gpusInUse()).isZero(); // gres_used "" : no GPUs in use
    assertThat(cs2.partitions()).containsExactly("hw");
  }

  @Test
  void slurm2302DataParserShape() {
    var doc =
        SinfoJsonParser.parse(CMD, Fixtures.slurm("public/rivosinc-sinfo_dataparser.23.02.5.json"));
    assertThat(doc.slurmRelease()).isEqualTo("23.02.5");
    assertThat(doc.dataFormat()).isEqualTo("data_parser/v0.0.39");
    NodeInfo localhost = node(doc.snapshot(), "localhost");
    assertThat(localhost.state()).isEqualTo(NodeState.ALLOCATED);
    assertThat(localhost.cpus()).isEqualTo(1);
    assertThat(localhost.memoryMb()).isEqualTo(1);
    assertThat(localhost.partitions()).containsExactly("debug");
    // its reason is {"description":"","time":0,"user":""}: none
    assertThat(localhost.reason()).isNull();
    assertThat(doc.snapshot().partitions())
        .containsExactly(new PartitionInfo("debug", false, null));
  }

  @Test
  void dataParserNumbersAndTimeLimitsInTheirWrappers() {
    String json =
        """
        {"meta":{"plugin":{"data_parser":"data_parser/v0.0.41"},"slurm":{"release":"24.05.4"}},
         "errors":[],
         "sinfo":[
          {"node":{"state":["MIXED","DRAIN"]},"nodes":{"nodes":["g1","g2"]},
           "cpus":{"minimum":64},"memory":{"minimum":{"set":true,"infinite":false,"number":512000}},
           "gres":{"total":"gpu:h100:8(S:0-1)","used":"gpu:h100:3(IDX:0-2)"},
           "features":{"total":"h100,ib"},
           "reason":{"description":"NVLink | replaced","time":1795975711,"user":"root"},
           "partition":{"name":"gpu","maximums":{"time":{"set":true,"infinite":false,"number":2880}}}},
          {"node":{"state":["IDLE"]},"nodes":{"nodes":["g3"]},"cpus":{"minimum":64},
           "memory":{"minimum":512000},"gres":{"total":"gpu:h100:8","used":"gpu:h100:0(IDX:N/A)"},
           "partition":{"name":"long","maximums":{"time":{"set":false,"infinite":true,"number":0}}}}
         ]}
        """;
    var doc = SinfoJsonParser.parse(CMD, json);
    assertThat(doc.slurmRelease()).isEqualTo("24.05.4");
    var s = doc.snapshot();
    assertThat(node(s, "g2").state()).isEqualTo(NodeState.DRAIN);
    assertThat(node(s, "g2").memoryMb()).isEqualTo(512000);
    assertThat(node(s, "g2").reason()).isEqualTo("NVLink | replaced");
    assertThat(node(s, "g3").reason()).isNull();
    assertThat(node(s, "g3").idleGpus()).hasValue(8);
    assertThat(s.partitions())
        .containsExactly(
            new PartitionInfo("gpu", false, 2880L), new PartitionInfo("long", false, null));
  }

  @Test
  void garbageAndErrorsAreClear() {
    assertThatThrownBy(() -> SinfoJsonParser.parse(CMD, "{\n  \"meta\": {,\n}"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("not valid JSON");
    assertThatThrownBy(
            () -> SinfoJsonParser.parse(CMD, "{\"errors\":[{\"error\":\"boom\"}],\"nodes\":[]}"))
        .hasMessageContaining("boom");
    assertThatThrownBy(
            () ->
                SinfoJsonParser.parse(
                    CMD, "{\"meta\":{\"plugin\":{\"type\":\"x/v9\"}},\"stuff\":[]}"))
        .hasMessageContaining("neither a 'sinfo' nor a 'nodes' array")
        .hasMessageContaining("x/v9");
    assertThatThrownBy(() -> SinfoJsonParser.parse(CMD, "{\"nodes\":[{\"cpus\":4}]}"))
        .hasMessageContaining("no 'name'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44"})
  void slurm2511sDataParsersMatchTheRichTextOfTheSameState(String dataParser) {
    // v25.11 README: 2 of g1's 4 a100 in use, a 4-GPU job pending and planned onto g1.
    var doc =
        SinfoJsonParser.parse(
            CMD, Fixtures.slurm("v25.11/sinfo-N-json." + dataParser + ".planned.out"));
    var text =
        SinfoTextParser.parse(
            SinfoFormat.RICH, Fixtures.slurm("v25.11/sinfo-N-h-O-rich.json-moment.out"));

    assertThat(doc.slurmRelease()).isEqualTo("25.11.7");
    assertThat(doc.dataFormat()).isEqualTo("data_parser/" + dataParser);
    var s = doc.snapshot();
    assertThat(s.nodes())
        .extracting(NodeInfo::name, NodeInfo::state, NodeInfo::gpuCount, NodeInfo::idleGpus)
        .containsExactlyElementsOf(
            text.nodes().stream()
                .map(
                    n ->
                        org.assertj.core.groups.Tuple.tuple(
                            n.name(), n.state(), n.gpuCount(), n.idleGpus()))
                .toList());
    assertThat(node(s, "g1").state()).as("MIXED+PLANNED is mixed").isEqualTo(NodeState.MIXED);
    assertThat(node(s, "g1").idleGpus()).hasValue(2);
    assertThat(node(s, "g1").partitions()).containsExactlyInAnyOrder("cpu", "debug", "gpu");
    assertThat(s.partitions())
        .extracting(PartitionInfo::name, PartitionInfo::maxTimeMinutes)
        .containsExactlyInAnyOrderElementsOf(
            text.partitions().stream()
                .map(p -> org.assertj.core.groups.Tuple.tuple(p.name(), p.maxTimeMinutes()))
                .toList());
    // data_parser still leaves partition flags out: which one is the default only the text says.
    assertThat(text.partitions()).filteredOn(PartitionInfo::isDefault).hasSize(1);
    assertThat(s.partitions()).noneMatch(PartitionInfo::isDefault);
  }
}
