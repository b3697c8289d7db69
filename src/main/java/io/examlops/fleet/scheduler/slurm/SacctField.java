package io.examlops.fleet.scheduler.slurm;

/** The sacct columns the accounting parser reads, by their {@code -o} names. */
public enum SacctField {
  /** {@code 42}, array tasks {@code 5_0}, steps {@code 42.batch} (skipped). */
  JOB_ID("JobID"),
  JOB_NAME("JobName"),
  USER("User"),
  ACCOUNT("Account"),
  PARTITION("Partition"),
  /** {@code COMPLETED}, {@code CANCELLED by 1001}, ... */
  STATE("State"),
  /** {@code exit:signal}, e.g. {@code 3:0} or {@code 0:53}. */
  EXIT_CODE("ExitCode"),
  ELAPSED("Elapsed"),
  START("Start"),
  END("End"),
  NODES("NNodes"),
  NODE_LIST("NodeList"),
  /** Allocated TRES; empty for a job never allocated. */
  ALLOC_TRES("AllocTRES"),
  REQ_TRES("ReqTRES");

  private final String columnName;

  SacctField(String columnName) {
    this.columnName = columnName;
  }

  public String columnName() {
    return columnName;
  }
}
