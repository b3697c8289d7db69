package io.examlops.fleet.model;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job as a user names it: {@code #12} is the fleet's own job 12, {@code slurm:12} (or {@code
 * flux:ƒCfjPArK}, {@code mock:mock-7}) the scheduler's job of that id, and a bare {@code 12} either
 * of them. A bare id that names two different jobs, one by the fleet's id and one by a scheduler's,
 * is refused with both ({@link #ambiguous}): taking one silently once cancelled someone else's job.
 * This type holds the rule and its wording; every surface that takes a job id gets this verdict.
 */
public final class JobRef {
  /** The forms, as messages and help texts state them. */
  public static final String RULE =
      "the fleet's job id as #ID (#12), the scheduler's as SCHEDULER:ID (the scheduler as the"
          + " jobs list names it, a colon, and its id there), or a bare id when only one job has it";

  /** The longest job id taken. */
  public static final int MAX_LENGTH = 120;

  private static final Pattern FLEET = Pattern.compile("#([0-9]{1,18})");
  private static final Pattern QUALIFIED =
      Pattern.compile("(" + SchedulerKind.LABEL_FORM + "):(.+)");
  private static final Pattern DIGITS = Pattern.compile("[0-9]{1,18}");

  private final String text;
  private final Long fleetId;
  private final SchedulerKind scheduler;
  private final String schedulerId;

  private JobRef(String text, Long fleetId, SchedulerKind scheduler, String schedulerId) {
    this.text = text;
    this.fleetId = fleetId;
    this.scheduler = scheduler;
    this.schedulerId = schedulerId;
  }

  /**
   * The reference {@code text} spells.
   *
   * @throws FleetException naming the field {@code job} when it is empty, too long, not one plain
   *     line, or qualified by a scheduler no adapter declares
   */
  public static JobRef parse(String text) {
    String id = text == null ? "" : text.strip();
    if (id.isEmpty() || id.length() > MAX_LENGTH || !OneLine.isPlain(id)) {
      throw FleetException.invalid(
          "job " + Printable.quoted(text) + " is not a job id: give " + RULE, "job");
    }
    Matcher fleet = FLEET.matcher(id);
    if (fleet.matches()) {
      return new JobRef(id, Long.parseLong(fleet.group(1)), null, null);
    }
    Matcher qualified = QUALIFIED.matcher(id);
    if (qualified.matches()) {
      SchedulerKind kind =
          SchedulerKind.declared().stream()
              .filter(k -> k.runsJobs() && k.label().equals(qualified.group(1)))
              .findFirst()
              .orElse(null);
      if (kind != null) {
        return new JobRef(id, null, kind, qualified.group(2));
      }
    }
    return new JobRef(id, DIGITS.matcher(id).matches() ? Long.parseLong(id) : null, null, id);
  }

  /** The fleet's own reference to its job {@code id}: never ambiguous. */
  public static String fleet(long id) {
    return "#" + id;
  }

  /** The fleet's job id this may mean: for {@code #12} and a bare {@code 12}. */
  public OptionalLong fleetId() {
    return fleetId == null ? OptionalLong.empty() : OptionalLong.of(fleetId);
  }

  /** The scheduler's job id this may mean: for {@code slurm:12} and a bare {@code 12}. */
  public Optional<String> schedulerId() {
    return Optional.ofNullable(schedulerId);
  }

  /** The scheduler a qualified id names; empty for a bare or fleet id (any scheduler). */
  public Optional<SchedulerKind> scheduler() {
    return Optional.ofNullable(scheduler);
  }

  /** As given, stripped. */
  @Override
  public String toString() {
    return text;
  }

  /**
   * The refusal of a bare id that names two jobs: {@code byFleetId} by the fleet's id, {@code
   * bySchedulerId} (on a cluster of {@code scheduler}) by the scheduler's.
   */
  public FleetException ambiguous(
      TrackedJob byFleetId, TrackedJob bySchedulerId, SchedulerKind scheduler) {
    return FleetException.invalid(
        "job "
            + Printable.quoted(text)
            + " is ambiguous: the fleet's job "
            + fleet(byFleetId.id())
            + " ("
            + describe(byFleetId)
            + ") or "
            + scheduler.label()
            + "'s job "
            + text
            + " (the fleet's "
            + fleet(bySchedulerId.id())
            + ": "
            + describe(bySchedulerId)
            + "); say which: "
            + fleet(byFleetId.id())
            + " for the fleet's, "
            + scheduler.label()
            + ":"
            + text
            + " for the scheduler's",
        "job");
  }

  private static String describe(TrackedJob job) {
    return (job.name() == null ? "" : Printable.quoted(job.name()) + " ")
        + "on "
        + job.cluster()
        + (job.schedulerJobId() == null ? ", never sent" : " as " + job.schedulerJobId())
        + ", "
        + job.state().label();
  }
}
