package io.examlops.fleet.model;

/**
 * How many rows of history (tracked jobs, audit events) a listing shows when its caller names no
 * limit: the newest {@link #DEFAULT}, as {@code git log}, {@code gh run list} or {@code heroku
 * logs} cut theirs. A fleet that has run for a year holds 100,000 jobs and 50,000 events; printing
 * them all made {@code exa hpc jobs} take 8.7 times its time on an empty fleet, and an answer that
 * size is no use to a reader or an agent. Every surface (CLI, REST, MCP) takes its default from
 * here, so that they cut at the same row.
 */
public final class HistoryLimit {
  /** Rows shown when no limit is asked for. */
  public static final int DEFAULT = 100;

  /** The most rows one page holds. */
  public static final int MOST = 10_000;

  private HistoryLimit() {}

  /**
   * The limit of a listing: the one asked for, else {@link #DEFAULT}; {@code null} (every row) when
   * {@code all} is asked for instead. The limit itself is judged by the request it goes into.
   *
   * @param asked the limit asked for; {@code null}: none
   * @param all whether every row is asked for
   * @throws FleetException {@link ErrorKind#INVALID_REQUEST} naming {@code allField} when both are
   *     asked for
   */
  public static Integer of(Integer asked, boolean all, String allField) {
    if (!all) {
      return asked == null ? DEFAULT : asked;
    }
    if (asked != null) {
      throw FleetException.invalid(
          "a limit of " + asked + " and every row were both asked for: give one of them", allField);
    }
    return null;
  }
}
