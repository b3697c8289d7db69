package io.examlops.fleet.scheduler.slurm;

/**
 * The squeue columns the queue parser reads, with their {@code -o} letter (where one exists) and
 * their {@code -O} name (Slurm 22.05 {@code squeue/opts.c}).
 */
public enum SqueueField {
  /** {@code 42}, array tasks {@code 5_0}, a pending array {@code 5_[2-3%2]}. */
  JOB_ID('i', "JobArrayID"),
  /** The internal id: array tasks print their own number (6, 7 for 5_0, 5_1). */
  RAW_JOB_ID('A', "JobID"),
  ARRAY_JOB_ID('F', "ArrayJobID"),
  ARRAY_TASK_ID('K', "ArrayTaskID"),
  NAME('j', "Name"),
  USER('u', "UserName"),
  STATE('T', "State"),
  STATE_COMPACT('t', "StateCompact"),
  TIME_USED('M', "TimeUsed"),
  NODES('D', "NumNodes"),
  CPUS('C', "NumCPUs"),
  PARTITION('P', "Partition"),
  REASON('r', "Reason"),
  NODE_LIST('N', "NodeList"),
  /** GPUs asked per node ({@code --gres}, {@code --gpus-per-node}); {@code %b} in 22.05. */
  TRES_PER_NODE('b', "tres-per-node"),
  /** GPUs asked for the whole job ({@code --gpus}); no {@code -o} letter. */
  TRES_PER_JOB(null, "tres-per-job"),
  TRES_PER_TASK(null, "tres-per-task"),
  TRES_PER_SOCKET(null, "tres-per-socket"),
  /** When it started; for a pending job, the expected start. */
  START_TIME('S', "StartTime"),
  /** When it ended; for a running job, the expected end. */
  END_TIME('e', "EndTime"),
  /** The raw wait status of an ended job ({@code exit << 8 | signal}); no {@code -o} letter. */
  EXIT_CODE(null, "exit_code"),
  /** Allocated TRES while running, requested TRES before; no {@code -o} letter. */
  TRES_ALLOC(null, "tres-alloc");

  private final SlurmColumn column;

  SqueueField(Character letter, String name) {
    this.column = new SlurmColumn(letter, name);
  }

  SlurmColumn column() {
    return column;
  }
}
