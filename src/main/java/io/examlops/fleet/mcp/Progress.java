package io.examlops.fleet.mcp;

/**
 * Where a running call stands, for a client that asked to hear it (a {@code progressToken}): told
 * before each step that reaches a cluster, which may take as long as its commands.
 */
@FunctionalInterface
interface Progress {
  /** Told to nobody: the client did not ask. */
  Progress NONE = step -> {};

  /** The call begins this step, said in words ("asking slurm on tc about job 12"). */
  void step(String step);
}
