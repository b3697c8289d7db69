package io.examlops.fleet.cli;

import io.examlops.fleet.governance.ReviewsResult;
import io.examlops.fleet.model.ClusterReview;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.TransportKind;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/** {@code exa hpc review}: the PENDING clusters, each with what approving it would pin. */
@Command(
    name = "review",
    mixinStandardHelpOptions = true,
    description = {
      "List the PENDING clusters, each with what approving it now would pin (host, port, user, the"
          + " key's and the host key's fingerprints, the scheduler and its instance), what"
          + " discovery found (partitions, GPUs), who asked and when, and its revision (for"
          + " --expect).",
      "With EXAMLOPS_SERVER set, the console's review (its key files and host keys)."
    })
final class ReviewCommand extends FleetCommand {
  @Override
  public Integer call() {
    ReviewsResult result = exa().fleet().governance().reviews();
    Output output = output();
    output.emit(
        result,
        () -> {
          PrintWriter out = output.out();
          if (result.reviews().isEmpty()) {
            out.println("No cluster is waiting for a decision.");
          }
          result.reviews().forEach(r -> print(out, r));
        });
    return ExitCode.OK;
  }

  private static void print(PrintWriter out, ClusterReview r) {
    PinnedConnection p = r.pins();
    out.println(r.cluster() + " (" + r.state() + ", revision " + r.revision() + ")");
    out.println("  asked for by   " + r.requestedBy() + " at " + r.requestedAt());
    out.println(
        "  scheduler      "
            + p.scheduler().label()
            + " over "
            + p.transport().label()
            + (r.pinnedSettings().isEmpty() ? "" : ", " + String.join(", ", r.pinnedSettings())));
    if (p.host() != null) {
      out.println("  login          " + p.user() + "@" + p.host() + ":" + p.port());
      out.println("  key            " + r.key());
      out.println("  host key       " + p.hostKeyFingerprint());
      p.jumps().forEach(hop -> out.println("  via            " + hop));
    }
    if (p.transport() == TransportKind.REST) {
      out.println("  acts as        " + p.user());
      out.println("  credential     " + r.key());
      out.println(
          "  certificate    "
              + (p.hostKeyFingerprint() == null ? "none (plain http)" : p.hostKeyFingerprint()));
    }
    r.cautions().forEach(c -> out.println("  CAUTION        " + c));
    out.println(
        "  partitions     " + (r.partitions().isEmpty() ? "-" : String.join(", ", r.partitions())));
    out.println(
        "  GPUs           "
            + (r.gpus() == null ? "not probed" : r.gpus())
            + (r.gpuTypes().isEmpty() ? "" : " (" + String.join(", ", r.gpuTypes()) + ")"));
    if (!r.changedSinceProbe().isEmpty()) {
      out.println(
          "  EDITED since it was probed: "
              + String.join("; ", r.changedSinceProbe())
              + "; what was found belongs to the old entry ("
              + Failures.command(Hint.of(Hint.Action.REPROBE, r.cluster()))
              + ", then decide)");
    }
  }
}
