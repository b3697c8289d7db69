package io.examlops.fleet.scheduler.flux;

/**
 * Whether a Flux queue takes jobs and runs them, as {@code flux queue status} says.
 *
 * @param queue the queue's name; {@code null} for an instance without queues
 * @param enabled whether submissions are accepted
 * @param disabledBecause the admin's message when disabled ({@code flux queue disable --message});
 *     {@code null} when none or enabled
 * @param started whether the scheduler starts its jobs; a stopped queue accepts jobs that then wait
 * @param stoppedBecause the admin's message when stopped; {@code null} when none or started
 */
public record FluxQueueState(
    String queue, boolean enabled, String disabledBecause, boolean started, String stoppedBecause) {

  /** The queue in words, for messages: {@code queue gpu} or {@code the instance's queue}. */
  public String label() {
    return queue == null ? "the instance's queue" : "queue " + queue;
  }

  /**
   * {@code queue gpu is disabled (maintenance)}: the admin's message in brackets when there is one.
   */
  public String disabledInWords() {
    return label() + " is disabled" + because(disabledBecause);
  }

  /** {@code queue gpu is stopped (drain)}: the admin's message in brackets when there is one. */
  public String stoppedInWords() {
    return label() + " is stopped" + because(stoppedBecause);
  }

  private static String because(String message) {
    return message == null ? "" : " (" + message + ")";
  }
}
