package io.examlops.fleet.scheduler.nvidia;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.transport.ScriptedRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

class GpuEnrichmentTest {
  private static NodeInfo fluxNode(String name, int gpus) {
    return new NodeInfo(
        name,
        64,
        0,
        List.of(GpuGroup.untyped(gpus)),
        null,
        NodeState.IDLE,
        "free",
        List.of(),
        List.of());
  }

  private static final List<GpuInfo> TWO_A5000 =
      NvidiaSmiXml.parse(
              NvidiaCommands.XML, ExporterCapture.xmlFixture("telegraf/dual_a5000-v13.xml"))
          .gpus();

  @Test
  void gpusAreTaggedWithTheSchedulersNodeNameEvenWhenTheDomainDiffers() {
    var nodes = List.of(fluxNode("gpu-node-6", 2), fluxNode("gpu-node-7", 2));

    var enriched = GpuEnrichment.match(nodes, "gpu-node-7.cluster.example", TWO_A5000);

    assertThat(enriched.node()).isEqualTo("gpu-node-7");
    assertThat(enriched.gpus()).extracting(GpuInfo::host).containsOnly("gpu-node-7");
    assertThat(enriched.gpus()).extracting(GpuInfo::model).containsOnly("NVIDIA RTX A5000");
    assertThat(enriched.warnings()).isEmpty();
  }

  @Test
  void aCountMismatchIsReported() {
    var enriched = GpuEnrichment.match(List.of(fluxNode("gpu-node-7", 4)), "gpu-node-7", TWO_A5000);

    assertThat(enriched.warnings())
        .containsExactly("the scheduler counts 4 GPUs on gpu-node-7 but nvidia-smi lists 2");
  }

  @Test
  void anUnknownHostKeepsItsOwnNameAndIsReported() {
    var enriched = GpuEnrichment.match(List.of(fluxNode("login1", 0)), "gpu-node-9", TWO_A5000);

    assertThat(enriched.node()).isEqualTo("gpu-node-9");
    assertThat(enriched.warnings()).singleElement().asString().contains("not among");
  }

  @Test
  void ambiguousShortNamesMatchNothing() {
    var nodes = List.of(fluxNode("gpu1.a.example", 2), fluxNode("gpu1.b.example", 2));

    assertThat(GpuEnrichment.match(nodes, "gpu1", TWO_A5000).warnings()).isNotEmpty();
  }

  @Test
  void readsTheReachableHostInOneRoundTrip() {
    var host =
        new FakeHost()
            .answer(
                "query",
                0,
                ExporterCapture.section(
                    "linux-x86_64__nvidia-h100-mig__590.48.01", "idle :: query-gpu"))
            .answer("apps", 0, "gpu_uuid, pid\n");
    var runner = new ScriptedRunner().answer(NvidiaCommands.HOST_REPORT, host.report());

    var enriched = GpuEnrichment.read(runner, List.of(fluxNode("gpu-node-7", 1)));

    assertThat(runner.commandsRun()).isEqualTo(1);
    assertThat(enriched.node()).isEqualTo("gpu-node-7");
    assertThat(enriched.gpus()).singleElement().satisfies(g -> assertThat(g.migMode()).isTrue());
  }
}
