package io.examlops.fleet.governance;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Audit events (docs/cli.md, {@code hpc audit}).
 *
 * @param total with a page ({@link AuditRequest#paged()}): how many events the filters select in
 *     all (whatever the cursors); {@code null} (and not written) otherwise
 * @param next with a page that has one after it: the cursor of the next page, its {@link
 *     AuditRequest#before()} newest first, else its {@link AuditRequest#after()}; {@code null} (and
 *     not written) on the last page and without a page
 */
public record AuditResult(
    List<ClusterSummary.Audit> events,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long total,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long next) {
  public AuditResult(List<ClusterSummary.Audit> events) {
    this(events, null, null);
  }
}
