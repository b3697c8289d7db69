package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.transport.CommandRunner;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Submits, lists, follows and cancels jobs on one kind of scheduler. Backends hold no state of
 * their own about jobs: what they return is for the caller to store. Every command runs through the
 * given runner (the cluster's login node, or this machine).
 */
public interface JobBackend {

  SchedulerKind kind();

  /**
   * Submits the request's script on stdin. A rejection by the scheduler is a normal result ({@link
   * SubmitReply#accepted()} false, with the scheduler's message), not an exception.
   *
   * @throws BackendException when the scheduler cannot be asked at all or answers nonsense
   */
  SubmitReply submit(CommandRunner runner, JobSpec request);

  /** The live queue, all users: pending and running jobs. */
  List<QueueEntry> queue(CommandRunner runner);

  /**
   * Where each job stands now. Every requested id has an entry, in the order given; a job the
   * scheduler does not (or no longer, or not yet) know is {@link JobStatus.Source#NOT_FOUND} with
   * state UNKNOWN, never FAILED.
   */
  Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds);

  /** Asks the scheduler to cancel one job; "not found" and "already ended" are outcomes. */
  CancelReply cancel(CommandRunner runner, String jobId);

  /**
   * Where a job's standard output and error go, for the user to look: a path on the cluster ({@code
   * ~} is the submitting user's home there), or on this machine for the mock backend.
   *
   * @param output where the job was asked to write it ({@link JobSpec#output()}); {@code null} for
   *     the backend's default
   * @return by default the file {@link OutputPath#orDefault} names for this job id, for a backend
   *     whose job ids are what the pattern's {@code %j} becomes
   */
  default String outputFile(String jobId, OutputPath output) {
    return OutputPath.orDefault(output).file(jobId);
  }

  /**
   * Looks for the job sent with {@code mark} ({@link JobSpec#mark()}): pending, running, or ended
   * (as far as the scheduler, or the job's own records, remember). For a record whose submitter
   * stopped before it could record the scheduler's answer. A backend that keeps no mark answers
   * {@link MarkLookup#NOT_SEARCHABLE}.
   *
   * @param name the job's name, which narrows the search where the scheduler filters by it
   * @throws BackendException when the scheduler cannot be asked
   */
  default MarkLookup findMarked(CommandRunner runner, String mark, String name) {
    return MarkLookup.NOT_SEARCHABLE;
  }

  /**
   * Waits up to {@code upTo} for the scheduler to say that the job ended, where it can say so
   * without being asked again and again (Flux pushes each event of a job's eventlog). A scheduler
   * that cannot answers {@link EndWatch#UNWATCHABLE} at once, running nothing: the default.
   *
   * @throws io.examlops.fleet.transport.TransportException when the watch cannot be run
   */
  default EndWatch watchEnd(CommandRunner runner, String jobId, Duration upTo) {
    return EndWatch.UNWATCHABLE;
  }

  /**
   * Whether every end of a job that {@link #watchEnd} watches is seen by the watch, so that a watch
   * that passed quietly proves the job has not ended (Flux: every job's eventlog ends in {@code
   * clean}). Where a job can end unseen, the job is still polled and the watch only brings the next
   * look forward: the default.
   */
  default boolean watchSeesEveryEnd() {
    return false;
  }

  /** The command a user runs to cancel the job by hand when the fleet lost track of it. */
  String manualCancel(String jobId);
}
