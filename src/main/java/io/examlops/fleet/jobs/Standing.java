package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.TrackedJob;
import java.util.Objects;

/**
 * Who changes a job through the console's gateway, and with what standing: a submitter cancels or
 * detaches the jobs it submitted (the token's owner is the record's {@code submittedBy}); an admin
 * any job, to stop what its submitter left behind. The surface that authenticated the request says
 * which.
 *
 * @param actor the token's owner, through the surface the agent names
 * @param admin whether the request carries an admin's authority
 */
public record Standing(Actor actor, boolean admin) {
  public Standing {
    Objects.requireNonNull(actor, "actor");
  }

  /** Refuses, naming the submitter, unless this one submitted the job or is an admin. */
  public void requireMayChange(TrackedJob job, String verb) {
    if (!admin && !job.submittedBy().equals(actor.name())) {
      throw new FleetException(
          ErrorKind.NOT_PERMITTED,
          "job "
              + job.id()
              + " on "
              + job.cluster()
              + " was submitted by "
              + job.submittedBy()
              + ", not "
              + actor.name()
              + ": only its submitter or an admin may "
              + verb
              + " it; nothing was changed");
    }
  }
}
