package io.examlops.fleet.jobs;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.SafeName;

/**
 * Submit a batch script to an ACTIVE cluster, or to the one placement chooses ({@code exa hpc
 * submit}).
 *
 * @param script the batch script: a file, or text with the file name it came from
 * @param name the job's name; {@code null}: the script's file name
 * @param job where it goes and what it asks for
 */
public record SubmitRequest(ScriptSource script, String name, JobOptions job) {
  /**
   * @throws FleetException naming {@code script} when there is none, {@code name} when it breaks
   *     {@link SafeName}'s rule, {@code job} when there is none
   */
  public SubmitRequest {
    ScriptSource.require(script);
    if (name != null) {
      SafeName.require("job name", name, "name");
    }
    requireJob(job);
  }

  /** Where a job goes is part of every submission: a surface that lost it has a bug to name. */
  static void requireJob(JobOptions job) {
    if (job == null) {
      throw FleetException.invalid(
          "the submission says nothing of where the job goes or what it asks for: give its"
              + " cluster (or auto), GPUs and nodes",
          "job");
    }
  }
}
