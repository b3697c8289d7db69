package io.examlops.fleet.scheduler;

/**
 * What a scheduler said when asked for a submission by its mark ({@link JobSpec#mark()}).
 *
 * @param searched whether the backend can look a submission up by its mark at all
 * @param jobId the scheduler's id of the job sent with the mark; {@code null} when none was found
 */
public record MarkLookup(boolean searched, String jobId) {
  /** A backend that keeps no mark: whether the scheduler has the job cannot be told. */
  public static final MarkLookup NOT_SEARCHABLE = new MarkLookup(false, null);

  public static MarkLookup found(String jobId) {
    return new MarkLookup(true, jobId);
  }

  public static MarkLookup notFound() {
    return new MarkLookup(true, null);
  }

  public boolean found() {
    return jobId != null;
  }
}
