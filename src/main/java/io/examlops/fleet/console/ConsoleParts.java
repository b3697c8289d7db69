package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.javalin.http.Context;
import java.time.Clock;

/**
 * What the console's route groups (the pages, the JSON API, decisions, access, history, the MCP
 * endpoint) work with, built once by {@link ConsoleServer}: the fleet they act on, the cached view
 * of it they read, the templates they render, the sessions that carry a notice to the next page,
 * the refresher and the refresh requests it is asked by, and the clock. Each group takes these
 * instead of a copy of each, and adds only what is its own (the MCP options).
 */
record ConsoleParts(
    Fleet fleet,
    ViewCache views,
    Templates templates,
    Sessions sessions,
    Refresher refresher,
    RefreshRequests refreshes,
    Clock clock) {

  /** The frame of a page titled {@code title}, over the fleet as the view cache has it now. */
  PageFrame frame(Context ctx, String title) {
    return Pages.frame(ctx, title, views.get());
  }

  /** Answers with {@code page}, rendered. */
  void show(Context ctx, Page page) {
    ctx.html(templates.render(page));
  }
}
