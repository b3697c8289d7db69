package io.examlops.fleet.jobs;

import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.placement.PlaceResult;

/**
 * A submission (docs/cli.md, {@code hpc submit}).
 *
 * @param placement the placement that chose the partition (and, for {@code auto}, the cluster);
 *     {@code null} when the request named its partition or asks for no GPUs
 * @param output where the job's output goes: a path on its cluster, or here for the mock backend
 * @param reattached whether the request's tag named a job that had not ended, which is returned
 *     instead of submitting another
 */
public record SubmitResult(
    TrackedJob job, PlaceResult placement, String output, boolean reattached) {}
