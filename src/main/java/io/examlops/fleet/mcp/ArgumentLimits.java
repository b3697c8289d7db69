package io.examlops.fleet.mcp;

import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.JobRef;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeState;
import java.util.Map;

/**
 * The limits the tools' input schemas state, taken from the value types and requests that enforce
 * them: tools.json gives each argument its type and description, and its limits come from here, so
 * that what a client reads in {@code tools/list} is what the core judges a call by. A limit no
 * value type holds has no place here.
 */
final class ArgumentLimits {
  private ArgumentLimits() {}

  /** The JSON Schema limits of {@code tool}'s {@code argument}; empty when it has none. */
  static Map<String, Object> of(String tool, String argument) {
    return switch (argument) {
      case "gpus" -> Map.of("minimum", GpuAsk.MIN_GPUS, "maximum", GpuAsk.MAX);
      case "nodes" -> Map.of("minimum", GpuAsk.MIN_NODES, "maximum", GpuAsk.MAX);
      case "state" ->
          Map.of("enum", tool.equals("hpc_nodes") ? NodeState.labels() : JobState.labels());
      case "user" -> Map.of("minLength", 1, "maxLength", Actor.MAX_LENGTH);
      case "token" -> Map.of("pattern", "^" + JobsRequest.TOKEN_ID_FORM + "$");
      case "limit" -> Map.of("minimum", 1, "maximum", JobsRequest.MOST);
      // a fleet job id, 1 or more
      case "before" -> Map.of("minimum", 1);
      case "job" -> Map.of("minLength", 1, "maxLength", JobRef.MAX_LENGTH);
      case "lines" -> Map.of("minimum", 1, "maximum", OutputTail.MOST);
      case "reason" -> Map.of("minLength", 1, "maxLength", RejectRequest.MAX_REASON_LENGTH);
      default -> Map.of();
    };
  }
}
