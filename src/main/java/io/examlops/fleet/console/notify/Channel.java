package io.examlops.fleet.console.notify;

import java.util.List;

/** Where notifications are delivered: a webhook, a mailbox. */
interface Channel {
  /** {@code webhook} or {@code mail}, as logs name it. */
  String name();

  /**
   * Delivers one notification, or a digest of several (those that came while the channel was over
   * its rate limit).
   *
   * @param batch one notification, or the first of a digest in the order they happened
   * @param omitted how many more the digest stands for without listing them
   * @param id the delivery's id, the same on every try
   * @throws DeliveryException with a message that names no secret, when it was not delivered
   */
  void deliver(List<Notification> batch, int omitted, String id) throws DeliveryException;

  /** Why a delivery failed, in words fit for a log: no secret, no URL path or query. */
  final class DeliveryException extends Exception {
    private static final long serialVersionUID = 1L;

    DeliveryException(String message) {
      super(message);
    }
  }
}
