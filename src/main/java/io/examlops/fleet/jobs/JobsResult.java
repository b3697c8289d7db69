package io.examlops.fleet.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.examlops.fleet.model.TrackedJob;
import java.util.List;

/**
 * Tracked jobs (docs/cli.md, {@code hpc jobs}).
 *
 * @param notes what could not be refreshed, in words
 * @param total with a page ({@link JobsRequest#paged()}): how many jobs the filters select in all
 *     (whatever the page's cursor); {@code null} (and not written) otherwise
 * @param next with a page: the {@link JobsRequest#before()} of the next one, {@code null} when this
 *     page is the last; not written without a page
 */
public record JobsResult(
    List<TrackedJob> jobs,
    List<String> notes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long total,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long next) {
  public JobsResult(List<TrackedJob> jobs, List<String> notes) {
    this(jobs, notes, null, null);
  }
}
