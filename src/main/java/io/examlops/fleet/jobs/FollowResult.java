package io.examlops.fleet.jobs;

import io.examlops.fleet.model.TrackedJob;

/**
 * A job as last seen by a follow.
 *
 * @param ended whether it reached an end state; {@code false}: the follow's limit passed first
 */
public record FollowResult(TrackedJob job, boolean ended, String output) {}
