package io.examlops.fleet.placement;

import java.util.List;

/**
 * The checks of a preflight (docs/cli.md, {@code hpc preflight}).
 *
 * @param result {@code PASS}, {@code WARN} or {@code FAIL}: the worst check's status
 */
public record PreflightResult(String cluster, String result, List<Check> checks) {
  public static final String FAIL = "FAIL";

  /**
   * @param name {@code APPROVAL}, {@code HOST}, {@code SCHEDULER}, {@code PARTITION}, {@code GPUS},
   *     {@code IDLE}, {@code ACCOUNT}
   * @param status {@code PASS}, {@code WARN}, {@code FAIL} or {@code SKIPPED}
   */
  public record Check(String name, String status, String reason) {}

  /** Whether any check failed: a CI gate stops here. */
  public boolean failed() {
    return FAIL.equals(result);
  }
}
