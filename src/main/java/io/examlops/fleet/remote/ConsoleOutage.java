package io.examlops.fleet.remote;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.LeaseSettings;
import io.examlops.fleet.settings.Variables;
import java.net.URI;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * A follow through a console that cannot be reached for a while (restarting, or the network between
 * them gone): the same request is sent again, after a backoff that doubles up to {@link
 * #LONGEST_PAUSE_MILLIS} with jitter (so that the agents of a restarted console do not all come
 * back at once), until the job's lease would lapse; then the follow ends saying what the console
 * will do with the job. Only reads and lease renewals go through it: nothing is sent twice that
 * could run twice.
 */
record ConsoleOutage(URI server, String job, LeaseSettings leases) {
  private static final long FIRST_PAUSE_MILLIS = 500;
  private static final long LONGEST_PAUSE_MILLIS = 10_000;

  <T> T retried(Supplier<T> read) throws InterruptedException {
    long since = 0;
    long pause = FIRST_PAUSE_MILLIS;
    while (true) {
      try {
        return read.get();
      } catch (FleetException e) {
        if (Thread.interrupted()) {
          throw new InterruptedException("interrupted while asking the console");
        }
        if (e.kind() != ErrorKind.CONNECT_FAILED && e.kind() != ErrorKind.TIMED_OUT) {
          throw e;
        }
        long now = System.nanoTime();
        since = since == 0 ? now : since;
        if (now - since > leases.lapse().toNanos()) {
          throw lost(e, (now - since) / 1_000_000_000L);
        }
        Thread.sleep(pause / 2 + ThreadLocalRandom.current().nextLong(pause));
        pause = Math.min(pause * 2, LONGEST_PAUSE_MILLIS);
      }
    }
  }

  private FleetException lost(FleetException last, long seconds) {
    return new FleetException(
        last.kind(),
        "the central console at "
            + server
            + " could not be reached for "
            + seconds
            + " s while following job "
            + job
            + " ("
            + last.getMessage()
            + "). The job keeps running on its cluster for now; unless it is followed again"
            + " (exa hpc logs --follow "
            + job
            + "), the console cancels it "
            + leases.grace().toSeconds()
            + " s after its lease lapses ("
            + Variables.LEASE_LAPSE
            + ", "
            + Variables.LEASE_GRACE
            + "); exa hpc detach "
            + job
            + " lets it run on",
        null,
        last);
  }
}
