package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.model.AsciiNumber;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.HistoryLimit;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.ReadFrom;
import io.javalin.http.Context;
import java.util.function.Function;

/**
 * The filters and page of the API's job and audit lists, read from a request's query as the core's
 * requests take them: what the core refuses is refused in its words (400 naming the parameter), a
 * cluster no one has is 404 ({@link ClusterParam}), as everywhere.
 */
final class HistoryQuery {
  private HistoryQuery() {}

  /**
   * {@code ?cluster=&model=&state=&user=&token=&before=&offset=&limit=&all=}: one page of the jobs
   * the filters select, of {@code limit} jobs or {@link HistoryLimit#DEFAULT}; every one with
   * {@code all=true}.
   */
  static JobsRequest jobs(Context ctx, Fleet fleet, ReadFrom from) {
    Long offset = number(ctx, "offset");
    Integer limit = limit(ctx);
    return new JobsRequest(
        ClusterParam.query(ctx, fleet),
        ctx.queryParam("model"),
        ctx.queryParam("state"),
        from,
        ctx.queryParam("user"),
        ctx.queryParam("token"),
        number(ctx, "before"),
        offset == null ? 0 : offset,
        limit);
  }

  /**
   * {@code ?actor=&action=&order=&before=&after=&offset=&limit=&all=} of {@code cluster}'s trail
   * ({@code null}: the fleet's): oldest first unless {@code order=newest}; one page of {@code
   * limit} events or {@link HistoryLimit#DEFAULT}, every one with {@code all=true}.
   */
  static AuditRequest audit(Context ctx, String cluster) {
    String order = ctx.queryParam("order");
    if (order != null && !order.equals("oldest") && !order.equals("newest")) {
      throw FleetException.invalid(
          "query parameter order=" + Printable.quoted(order) + " is neither oldest nor newest",
          "order");
    }
    Long offset = number(ctx, "offset");
    Integer limit = limit(ctx);
    return new AuditRequest(
        cluster,
        ctx.queryParam("actor"),
        ctx.queryParam("action"),
        "newest".equals(order),
        number(ctx, "before"),
        number(ctx, "after"),
        offset == null ? 0 : offset,
        limit);
  }

  /**
   * {@code limit}, else the default of every surface; {@code null} (every row) with {@code
   * all=true}. A limit out of range is the request's to refuse, in its words.
   */
  private static Integer limit(Context ctx) {
    Long limit = number(ctx, "limit");
    return HistoryLimit.of(
        limit == null ? null : (int) Math.min(limit, Integer.MAX_VALUE), all(ctx), "all");
  }

  /** {@code all=true} or {@code all=false}; absent: false. */
  private static boolean all(Context ctx) {
    String text = ctx.queryParam("all");
    if (text == null || text.equals("false")) {
      return false;
    }
    if (text.equals("true")) {
      return true;
    }
    throw FleetException.invalid(
        "query parameter all=" + Printable.quoted(text) + " is neither true nor false", "all");
  }

  /** A whole number of the query, 0 or more; {@code null} when absent. */
  static Long number(Context ctx, String name) {
    return wholeNumber(ctx, name, Long.MAX_VALUE, why -> FleetException.invalid(why, name));
  }

  /**
   * A whole number of the query from 0 to {@code most}; {@code null} when absent. The words of a
   * refusal are the same on every route; {@code refused} makes them the error that route answers
   * with.
   */
  static Long wholeNumber(
      Context ctx, String name, long most, Function<String, RuntimeException> refused) {
    String text = ctx.queryParam(name);
    if (text == null) {
      return null;
    }
    try {
      long value = AsciiNumber.parseLong(text.strip());
      if (value >= 0 && value <= most) {
        return value;
      }
    } catch (NumberFormatException e) {
      // Not a number at all: refused below in the same words as one out of range.
    }
    throw refused.apply(
        "query parameter "
            + name
            + "="
            + Printable.quoted(text)
            + " is not a whole number from 0 to "
            + most);
  }
}
