package io.examlops.fleet.jenkins;

/**
 * The build was aborted (by a user or a {@code timeout}), as FlowInterruptedException in Jenkins.
 */
public final class PipelineAborted extends PipelineError {
  private static final long serialVersionUID = 1L;

  public PipelineAborted(String message) {
    super(message);
  }
}
