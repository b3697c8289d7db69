package io.examlops.fleet.cli;

import io.examlops.fleet.model.HistoryLimit;

/**
 * What a listing of history (jobs, audit events) left out, said on stderr: since a listing shows
 * the newest {@link HistoryLimit#DEFAULT} rows unless told otherwise, a reader must learn that more
 * exist and how to see them, without stdout (the table) changing.
 */
final class HistoryCut {
  private HistoryCut() {}

  /**
   * How {@code --limit} of a listing of history pages, the end of its help: what {@link #say} tells
   * on stderr and what --json carries instead.
   */
  static final String LIMIT_HELP =
      "; default "
          + HistoryLimit.DEFAULT
          + ". stderr says how many there are in all and the --before of the next page. With"
          + " --json, \"total\" and \"next\".";

  /**
   * @param shown rows printed
   * @param total rows the filters select in all; {@code null} when every row was asked for
   * @param next the {@code --before} of the next page; {@code null} on the last page
   * @param asked the {@code --limit} given; {@code null} for the default
   * @param rows what the rows are, plural ({@code jobs})
   */
  static void say(Output output, int shown, Long total, Long next, Integer asked, String rows) {
    if (total == null) {
      return;
    }
    if (next != null) {
      output
          .err()
          .println(
              "exa: "
                  + shown
                  + " of "
                  + total
                  + " "
                  + rows
                  + "; the next page: --before "
                  + next
                  + " (--limit N or --all for more at once)");
    } else if (asked != null) {
      // Asked for a page: how many there are, even when it holds them all.
      output.err().println("exa: " + shown + " of " + total + " " + rows);
    }
  }
}
