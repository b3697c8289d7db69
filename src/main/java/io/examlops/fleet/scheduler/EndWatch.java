package io.examlops.fleet.scheduler;

/** What watching a job's end came to ({@link JobBackend#watchEnd}). */
public enum EndWatch {
  /** The scheduler said the job ended: ask it about the job now. */
  ENDED,
  /** The time given passed, or the watch was cut short, and the job had not ended. */
  QUIET,
  /** The scheduler, or this job on it, cannot be watched: ask about it at intervals instead. */
  UNWATCHABLE
}
