package io.examlops.fleet.placement;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Idle GPUs that tracked jobs the snapshot does not show will take ({@link Claims}). It rules
 * nothing out (the job would wait, not be refused); it says what the ranking's idle figures leave
 * out, in one wording: {@code 2 of 8 idle GPUs claimed by 3 jobs submitted since the snapshot of
 * 12:01 UTC}.
 */
final class ClaimsFilter implements PlacementFilter {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  @Override
  public Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition) {
    if (request.cpuOnly() || !(holdings instanceof SnapshotHoldings snapshot)) {
      return Optional.empty();
    }
    Claims.Claimed claimed = snapshot.claimed(partition);
    if (claimed.jobs() == 0) {
      return Optional.empty();
    }
    int idle = snapshot.summary().gpus(partition, request.gpuType()).knownIdleGpus();
    int taken = Math.min(claimed.gpus(), idle);
    String words =
        taken
            + " of "
            + request.gpusWords(idle).replace(" GPU", " idle GPU")
            + " claimed by "
            + claimed.jobs()
            + (claimed.jobs() == 1 ? " job" : " jobs")
            + (claimed.gpus() == taken ? "" : " (" + claimed.gpus() + " GPUs asked)")
            + (claimed.allSubmittedSince()
                ? " submitted since the snapshot of "
                : " submitted since or waiting at the snapshot of ")
            + TIME.format(snapshot.summary().takenAt());
    return Optional.of(Reason.pass(Rule.CLAIMED, partition, request.gpus(), idle - taken, words));
  }
}
