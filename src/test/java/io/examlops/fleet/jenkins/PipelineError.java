package io.examlops.fleet.jenkins;

/**
 * A step failed the build, as {@code error(message)} or a failing {@code sh} does in Jenkins
 * (hudson.AbortException there).
 */
public class PipelineError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PipelineError(String message) {
    super(message);
  }
}
