package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.NodeInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Drain reasons reach each node (and so `hpc nodes`), on the live status capture of instance A with
 * one idle node drained ("disk replaced | testing", a '|' inside) and one busy node draining.
 */
class FluxDrainReasonTest {
  @Test
  void eachDrainedOrDrainingNodeCarriesItsReason() {
    String capture = "live-0.88/A-hwloc-test4/86-resource-status-drained-probe.stdout";
    var format = FluxStatusParser.Format.forRelease(new FluxRelease(0, 88, 0));
    List<FluxStatusLine> status =
        FluxStatusParser.parse("flux resource status", format, FluxFixtures.read(capture));
    FluxResourceSet all =
        FluxRParser.parse(
            "flux resource R -s all",
            FluxFixtures.read("live-0.88/A-hwloc-test4/89-resource-R-all-drained.stdout"));
    FluxResourceSet allocated =
        FluxRParser.parse(
            "flux resource R -s allocated",
            FluxFixtures.read("live-0.88/A-hwloc-test4/90-resource-R-allocated-drained.stdout"));

    List<NodeInfo> nodes = FluxNodes.assemble(all, allocated, status, FluxQueues.NONE).nodes();

    assertThat(nodes)
        .extracting(NodeInfo::name, NodeInfo::reason)
        .contains(
            org.assertj.core.groups.Tuple.tuple("vm@rank3", "disk replaced | testing"),
            org.assertj.core.groups.Tuple.tuple("vm@rank1", "memory errors EDAC"),
            org.assertj.core.groups.Tuple.tuple("vm@rank0", null));
  }
}
