package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.model.AsciiNumber;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.ReadFrom;
import io.javalin.http.Context;

/**
 * The filters and page of the API's job and audit lists, read from a request's query as the core's
 * requests take them: what the core refuses is refused in its words (400 naming the parameter), a
 * cluster no one has is 404 ({@link ClusterParam}), as everywhere.
 */
final class HistoryQuery {
  private HistoryQuery() {}

  /**
   * {@code ?cluster=&model=&state=&user=&token=&before=&offset=&limit=}: every job the filters
   * select, or one page with {@code limit} (or {@code before}, {@code offset}).
   */
  static JobsRequest jobs(Context ctx, Fleet fleet, ReadFrom from) {
    Long offset = number(ctx, "offset");
    Long limit = number(ctx, "limit");
    return new JobsRequest(
        ClusterParam.query(ctx, fleet),
        ctx.queryParam("model"),
        ctx.queryParam("state"),
        from,
        ctx.queryParam("user"),
        ctx.queryParam("token"),
        number(ctx, "before"),
        offset == null ? 0 : offset,
        limit == null ? null : (int) Math.min(limit, Integer.MAX_VALUE));
  }

  /**
   * {@code ?actor=&action=&order=&before=&after=&offset=&limit=} of {@code cluster}'s trail ({@code
   * null}: the fleet's): oldest first unless {@code order=newest}.
   */
  static AuditRequest audit(Context ctx, String cluster) {
    String order = ctx.queryParam("order");
    if (order != null && !order.equals("oldest") && !order.equals("newest")) {
      throw FleetException.invalid(
          "query parameter order=" + Printable.quoted(order) + " is neither oldest nor newest",
          "order");
    }
    Long offset = number(ctx, "offset");
    Long limit = number(ctx, "limit");
    return new AuditRequest(
        cluster,
        ctx.queryParam("actor"),
        ctx.queryParam("action"),
        "newest".equals(order),
        number(ctx, "before"),
        number(ctx, "after"),
        offset == null ? 0 : offset,
        limit == null ? null : (int) Math.min(limit, Integer.MAX_VALUE));
  }

  /** A whole number of the query, 0 or more; {@code null} when absent. */
  static Long number(Context ctx, String name) {
    String text = ctx.queryParam(name);
    if (text == null) {
      return null;
    }
    try {
      long value = AsciiNumber.parseLong(text.strip());
      if (value < 0) {
        throw new NumberFormatException();
      }
      return value;
    } catch (NumberFormatException e) {
      throw FleetException.invalid(
          "query parameter "
              + name
              + "="
              + Printable.quoted(text)
              + " is not a whole number from 0 to "
              + Long.MAX_VALUE,
          name);
    }
  }
}
