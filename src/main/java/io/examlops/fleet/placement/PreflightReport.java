package io.examlops.fleet.placement;

import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import java.util.List;

/**
 * Every check, in order.
 *
 * @param cluster the cluster checked
 * @param checks one per {@link CheckName}, in that order
 */
public record PreflightReport(String cluster, List<Check> checks) {
  public PreflightReport {
    checks = List.copyOf(checks);
  }

  /** FAIL when any check failed; PASS otherwise (warnings allowed). */
  public Check.Status overall() {
    return failed() ? Check.Status.FAIL : Check.Status.PASS;
  }

  public boolean failed() {
    return checks.stream().anyMatch(c -> c.status() == Check.Status.FAIL);
  }

  public Check check(CheckName name) {
    return checks.stream().filter(c -> c.name() == name).findFirst().orElseThrow();
  }
}
