package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClockDuration;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class SinfoTextParserTest {

  /**
   * The real capture's command: {@code sinfo -N -h -O 'NodeList:|,StateLong:|,CPUsState:|,...'}.
   */
  private static final SinfoFormat GRES_USED_CAPTURE =
      new SinfoFormat(
          List.of(
              SinfoField.NODE,
              SinfoField.STATE_LONG,
              SinfoField.CPUS_STATE,
              SinfoField.GRES,
              SinfoField.GRES_USED,
              SinfoField.PARTITION),
          true,
          false);

  private static NodeInfo node(SinfoSnapshot snapshot, String name) {
    return snapshot.nodes().stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void commandsAreDelimitedAndUnsized() {
    assertThat(SinfoFormat.SPEC.command()).isEqualTo("sinfo -N -o '%N|%c|%m|%G|%t|%P'");
    assertThat(GRES_USED_CAPTURE.command())
        .isEqualTo(
            "sinfo -N -h -O 'NodeList:|,StateLong:|,CPUsState:|,Gres:|,GresUsed:|,Partition:'");
    assertThat(SinfoFormat.RICH.command())
        .isEqualTo(
            "sinfo -N -h -O 'NodeList:|,CPUs:|,Memory:|,Gres:|,GresUsed:|,StateLong:|,"
                + "Partition:|,Time:|,Features:|,Reason:'");
    assertThat(SinfoFormat.PLAIN.command())
        .isEqualTo("sinfo -N -h -o '%N|%c|%m|%G|%T|%P|%l|%f|%E'");
  }

  @Test
  void theProbesListingOnTheTestbedGivesEachDrainedAndDownNodesReasonWhole() {
    var s =
        SinfoTextParser.parse(
            SinfoFormat.RICH, Fixtures.slurm("sinfo-N-h-O-rich-reason.testbed.out"));
    // slurm-states.sh: the '|' and spaces in n3's reason stay in it, and no column shifts
    assertThat(node(s, "n3").reason()).isEqualTo("disk replacement | ticket 42");
    assertThat(node(s, "n3").features()).containsExactly("amd");
    assertThat(node(s, "n3").state()).isEqualTo(NodeState.DRAIN);
    assertThat(node(s, "n5").reason()).isEqualTo("no slurmd running");
    // sinfo prints "none" for a node without a reason
    assertThat(node(s, "n4").reason()).isNull();
    assertThat(node(s, "g1").reason()).isNull();
    assertThat(node(s, "g1").partitions()).containsExactly("debug", "gpu");
  }

  @Test
  void thePlainFallbackReadsTheReasonToo() {
    var s =
        SinfoTextParser.parse(
            SinfoFormat.PLAIN, Fixtures.slurm("sinfo-N-h-o-plain-reason.testbed.out"));
    assertThat(node(s, "n3").reason()).isEqualTo("disk replacement | ticket 42");
    assertThat(node(s, "n5").reason()).isEqualTo("no slurmd running");
    assertThat(node(s, "n1").reason()).isNull();
  }

  @Test
  void aPercentEReasonOfTheExtraStatesCaptureReadsAndNoneMeansNone() {
    var s =
        SinfoTextParser.parse(
            new SinfoFormat(
                List.of(
                    SinfoField.NODE,
                    SinfoField.STATE_COMPACT,
                    SinfoField.STATE_LONG,
                    SinfoField.REASON),
                false,
                false),
            Fixtures.slurm("sinfo-N-h-o-pipe-states.extra-states.out"));
    assertThat(node(s, "n3").reason()).isEqualTo("power saving test");
    assertThat(node(s, "n4").reason()).isNull();
  }

  @Test
  void aCaptureOfTheListingBeforeItHadTheReasonStillReads() {
    var s = SinfoTextParser.parse(SinfoFormat.RICH, Fixtures.slurm("sinfo-N-h-O-rich.testbed.out"));
    assertThat(s.nodes()).hasSize(7).allMatch(n -> n.reason() == null);
    assertThat(node(s, "n3").features()).containsExactly("amd");
  }

  @Test
  void aReasonSurvivesTheMergeOfANodesPartitions() {
    var s =
        SinfoTextParser.parse(
            SinfoFormat.RICH,
            "n3|4|8000|(null)|gpu:0|drained|cpu*|infinite|amd|fan | replaced\n"
                + "n3|4|8000|(null)|gpu:0|drained|debug|30:00|amd|fan | replaced\n");
    assertThat(node(s, "n3").partitions()).containsExactly("cpu", "debug");
    assertThat(node(s, "n3").reason()).isEqualTo("fan | replaced");
  }

  @Test
  void theReasonMustBeTheLastFieldOfAListing() {
    assertThatThrownBy(
            () ->
                new SinfoFormat(
                    List.of(SinfoField.NODE, SinfoField.REASON, SinfoField.CPUS), false, false))
        .hasMessageContaining("REASON")
        .hasMessageContaining("last");
  }

  @Test
  void specFormWithHeaderMergesNodesListedOncePerPartition() {
    SinfoSnapshot s =
        SinfoTextParser.parse(SinfoFormat.SPEC, Fixtures.slurm("sinfo-N-o-pipe.idle.out"));
    assertThat(s.nodes())
        .extracting(NodeInfo::name)
        .containsExactly("g1", "g2", "n1", "n2", "n3", "n4", "n5");
    assertThat(node(s, "g1").partitions()).containsExactly("gpu", "debug");
    assertThat(node(s, "n1").partitions()).containsExactly("cpu", "debug");
    assertThat(node(s, "g1").gpus()).containsExactly(GpuGroup.of("a100", 4));
    assertThat(node(s, "g1").cpus()).isEqualTo(8);
    assertThat(node(s, "g1").memoryMb()).isEqualTo(16000);
    assertThat(node(s, "g1").gpusInUse()).isNull();
    assertThat(node(s, "n5").state()).isEqualTo(NodeState.DOWN);
    assertThat(node(s, "n5").rawState()).isEqualTo("unk*");
    assertThat(s.partitions())
        .containsExactly(
            new PartitionInfo("gpu", false, null),
            new PartitionInfo("debug", false, null),
            new PartitionInfo("cpu", true, null));
  }

  @Test
  void withAndWithoutHeaderGiveTheSameNodes() {
    var withHeader =
        SinfoTextParser.parse(SinfoFormat.SPEC, Fixtures.slurm("sinfo-N-o-pipe.busy.out"));
    var noHeader =
        SinfoTextParser.parse(SinfoFormat.SPEC, Fixtures.slurm("sinfo-N-h-o-pipe.busy.out"));
    assertThat(noHeader).isEqualTo(withHeader);
    assertThat(withHeader.nodes())
        .extracting(NodeInfo::name, NodeInfo::state)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("g1", NodeState.MIXED),
            org.assertj.core.groups.Tuple.tuple("g2", NodeState.DRAIN),
            org.assertj.core.groups.Tuple.tuple("n1", NodeState.MIXED),
            org.assertj.core.groups.Tuple.tuple("n2", NodeState.ALLOCATED),
            org.assertj.core.groups.Tuple.tuple("n3", NodeState.DRAIN),
            org.assertj.core.groups.Tuple.tuple("n4", NodeState.IDLE),
            org.assertj.core.groups.Tuple.tuple("n5", NodeState.DOWN));
  }

  @Test
  void withoutGresUsedAMixedGpuNodesIdleGpusAreUnknown() {
    var s = SinfoTextParser.parse(SinfoFormat.SPEC, Fixtures.slurm("sinfo-N-o-pipe.busy.out"));
    assertThat(node(s, "g1").idleGpus()).isEmpty();
  }

  @Test
  void gresUsedGivesTheIdleGpusOfTheBusyCluster() {
    var s = SinfoTextParser.parse(GRES_USED_CAPTURE, Fixtures.slurm("sinfo-N-O-gresused.busy.out"));
    NodeInfo g1 = node(s, "g1");
    assertThat(g1.state()).isEqualTo(NodeState.MIXED);
    assertThat(g1.gpusInUse()).isEqualTo(2);
    assertThat(g1.idleGpus()).hasValue(2);
    assertThat(g1.cpus()).isEqualTo(8); // the total of CPUsState 4/4/0/8
    assertThat(g1.memoryMb()).isZero(); // not in this listing: unknown, reported as 0
    NodeInfo g2 = node(s, "g2");
    assertThat(g2.rawState()).isEqualTo("draining");
    assertThat(g2.state()).isEqualTo(NodeState.DRAIN);
    assertThat(g2.gpusInUse()).isEqualTo(1);
    assertThat(g2.idleGpus()).hasValue(0);
    NodeInfo n5 = node(s, "n5");
    assertThat(n5.state()).isEqualTo(NodeState.DOWN);
    assertThat(n5.idleGpus()).hasValue(0);
    assertThat(node(s, "n1").gpusInUse()).isZero(); // "gpu:0"
  }

  @Test
  void extraStatesAreNeverIdle() {
    var s =
        SinfoTextParser.parse(SinfoFormat.SPEC, Fixtures.slurm("sinfo-N-o-pipe.extra-states.out"));
    assertThat(node(s, "n3").rawState()).isEqualTo("idle~");
    assertThat(node(s, "n3").state()).isEqualTo(NodeState.DOWN);
    assertThat(node(s, "n4").state()).isEqualTo(NodeState.DRAIN); // maint
    assertThat(node(s, "g2").state()).isEqualTo(NodeState.ALLOCATED); // resv
    assertThat(node(s, "g2").idleGpus()).hasValue(0);
    assertThat(s.nodes().stream().filter(n -> n.state() == NodeState.IDLE))
        .extracting(NodeInfo::name)
        .containsExactly("g1", "n1", "n2");
  }

  @Test
  void richFormReadsTimeLimitsFeaturesAndDefaultPartition() {
    // Assembled from the busy captures (sinfo-N-o-pipe, sinfo-N-O-gresused, sinfo-N-h-o-extended,
    // sinfo.busy for the time limits): the testbed has no capture of this exact command yet.
    String rich =
        """
        g1|8|16000|gpu:a100:4(S:0-1)|gpu:a100:2(IDX:0-1)|mixed|gpu|1-00:00:00|gpu,a100
        g1|8|16000|gpu:a100:4(S:0-1)|gpu:a100:2(IDX:0-1)|mixed|debug|30:00|gpu,a100
        n1|4|8000|(null)|gpu:0|mixed|cpu*|infinite|intel,avx2
        n5|4|8000|(null)|gpu:0|down*|cpu*|infinite|(null)
        """;
    var s = SinfoTextParser.parse(SinfoFormat.RICH, rich);
    assertThat(s.partitions())
        .containsExactly(
            new PartitionInfo("gpu", false, 1440L),
            new PartitionInfo("debug", false, 30L),
            new PartitionInfo("cpu", true, null));
    assertThat(node(s, "g1").features()).containsExactly("gpu", "a100");
    assertThat(node(s, "n5").features()).isEmpty();
    assertThat(node(s, "g1").idleGpus()).hasValue(2);
  }

  @Test
  void garbageLinesFailWithCommandAndLineNumber() {
    String output = "g1|8|16000|gpu:a100:4|idle|gpu\n\nthis is not sinfo\n";
    assertThatThrownBy(() -> SinfoTextParser.parse(SinfoFormat.SPEC, output))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 3")
        .hasMessageContaining("sinfo -N -o '%N|%c|%m|%G|%t|%P'")
        .hasMessageContaining("expected 6 fields")
        .hasMessageContaining("this is not sinfo");
  }

  @Test
  void badNumbersGresAndTimesFailWithLineNumber() {
    assertThatThrownBy(
            () -> SinfoTextParser.parse(SinfoFormat.SPEC, "g1|eight|16000|(null)|idle|gpu"))
        .hasMessageContaining("line 1")
        .hasMessageContaining("CPU count 'eight' is not a number");
    assertThatThrownBy(
            () -> SinfoTextParser.parse(SinfoFormat.SPEC, "g1|8|16000|gpu:a100:x|idle|gpu"))
        .hasMessageContaining("invalid GRES");
    assertThatThrownBy(
            () -> SinfoTextParser.parse(SinfoFormat.PLAIN, "\n\nn1|4|8000|(null)|idle|cpu*|soon|x"))
        .hasMessageContaining("line 3")
        .hasMessageContaining("invalid time limit 'soon'");
    assertThatThrownBy(() -> SinfoTextParser.parse(SinfoFormat.SPEC, "|4|8000|(null)|idle|cpu"))
        .hasMessageContaining("node name is empty");
  }

  @Test
  void timeLimitForms() {
    assertThat(ClockDuration.minutes("infinite")).isNull();
    assertThat(ClockDuration.minutes("UNLIMITED")).isNull();
    assertThat(ClockDuration.minutes("n/a")).isNull();
    assertThat(ClockDuration.minutes("30:00")).isEqualTo(30);
    assertThat(ClockDuration.minutes("45")).isEqualTo(45);
    assertThat(ClockDuration.minutes("2:00:00")).isEqualTo(120);
    assertThat(ClockDuration.minutes("1-00:00:00")).isEqualTo(1440);
    assertThat(ClockDuration.minutes("2-12")).isEqualTo(3600);
    assertThat(ClockDuration.minutes("7-00:30")).isEqualTo(10110);
  }

  @Test
  void versionForms() {
    assertThat(SlurmVersion.parse(Fixtures.slurm("sinfo--version.out")).release())
        .isEqualTo("22.05.8");
    assertThat(SlurmVersion.parse("slurm 23.11.4\n"))
        .isEqualTo(new SlurmVersion("23.11.4", 23, 11));
    assertThat(SlurmVersion.parse("slurm 24.05.0-0rc1").major()).isEqualTo(24);
    assertThatThrownBy(() -> SlurmVersion.parse("flux-core 0.88"))
        .hasMessageContaining("flux-core 0.88");
  }
}
