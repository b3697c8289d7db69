package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import java.util.Objects;

/**
 * Who changes job records through the central console, and with what standing: a submitter changes
 * the records it created (the token's owner is the record's {@code submittedBy}); an admin any
 * record, to resolve what its submitter left behind. The surface that authenticated the request
 * says which; the rule of what each may do is {@link JobRecordService}'s.
 *
 * @param actor the token's owner, through the surface the agent names
 * @param admin whether the request carries an admin's authority
 */
public record JobRecorder(Actor actor, boolean admin) {
  public JobRecorder {
    Objects.requireNonNull(actor, "actor");
  }

  /** Whether this recorder submitted the job. */
  boolean owns(TrackedJob job) {
    return job.submittedBy().equals(actor.name());
  }
}
