package io.examlops.fleet.console.notify;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLSocketFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers notifications on each channel in the background: {@link #offer} never waits (whoever
 * tells of an event, a decision among them, is never held up by a webhook or a mail server), a
 * channel's queue is bounded (what does not fit is dropped and logged), a failed delivery is logged
 * without its secrets and tried again a bounded number of times, and each channel sends at most
 * {@code perMinute} messages a minute: what comes while it is over that is folded into one digest,
 * sent as soon as the limit allows.
 */
public final class Notifier implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Notifier.class);

  /** Notifications one channel holds before it drops what comes. */
  static final int QUEUE = 1_000;

  /** Notifications a digest lists; it counts the others. */
  static final int DIGEST_LISTS = 50;

  /** The waits before the second and third try of a delivery; then it is given up. */
  static final List<Duration> RETRIES = List.of(Duration.ofSeconds(5), Duration.ofSeconds(30));

  /**
   * The longest a lane holding a digest waits before it reads the clock again: the wait is real
   * time while the rate window is the clock's, so a clock set forward (a test's) is seen this soon.
   */
  static final Duration RECHECK = Duration.ofSeconds(1);

  private final List<Lane> lanes = new ArrayList<>();

  /** The channels the settings name, at most {@code settings.perMinute()} a minute each. */
  public static Notifier of(NotifySettings settings, String consoleUrl, Clock clock) {
    return of(settings, consoleUrl, clock, (SSLSocketFactory) SSLSocketFactory.getDefault());
  }

  /** As {@link #of(NotifySettings, String, Clock)}, trusting what {@code tls} trusts (tests). */
  static Notifier of(
      NotifySettings settings, String consoleUrl, Clock clock, SSLSocketFactory tls) {
    List<Channel> channels = new ArrayList<>();
    if (settings.webhook() != null) {
      channels.add(new WebhookChannel(settings.webhook(), consoleUrl, clock));
    }
    if (settings.mail() != null) {
      channels.add(new MailChannel(settings.mail(), consoleUrl, clock, tls));
    }
    return new Notifier(channels, settings.perMinute(), Duration.ofMinutes(1), RETRIES, clock);
  }

  /** The rate window is read on {@code clock}, so that tests move time rather than wait for it. */
  Notifier(
      List<Channel> channels, int messages, Duration window, List<Duration> retries, Clock clock) {
    for (Channel channel : channels) {
      lanes.add(new Lane(channel, new RateLimit(messages, window), retries, clock));
    }
    lanes.forEach(Lane::start);
  }

  /** Hands a notification to every channel; never waits. */
  public void offer(Notification notification) {
    for (Lane lane : lanes) {
      lane.offer(notification);
    }
  }

  /** What each channel did so far, by its name (for tests and logs). */
  List<Counts> counts() {
    return lanes.stream().map(Lane::counts).toList();
  }

  /** Stops delivering; what is still queued or held is logged as not delivered. */
  @Override
  public void close() {
    lanes.forEach(Lane::stop);
    for (Lane lane : lanes) {
      try {
        lane.thread.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * What one channel did.
   *
   * @param delivered messages delivered (a digest counts once)
   * @param folded notifications that went into a digest
   * @param failed messages given up after their last try
   * @param dropped notifications dropped because the queue was full
   * @param held notifications held for the next digest now
   */
  record Counts(
      String channel, long delivered, long folded, long failed, long dropped, long held) {}

  /** One channel's queue, rate limit and delivery thread. */
  private static final class Lane {
    private final Channel channel;
    private final RateLimit limit;
    private final List<Duration> retries;
    private final Clock clock;
    private final BlockingQueue<Notification> queue = new ArrayBlockingQueue<>(QUEUE);
    private final Thread thread;
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong folded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong heldNow = new AtomicLong();
    private volatile boolean stopping;

    /** What came while over the limit, for the next digest. */
    private final List<Notification> held = new ArrayList<>();

    private int omitted;

    Lane(Channel channel, RateLimit limit, List<Duration> retries, Clock clock) {
      this.channel = channel;
      this.limit = limit;
      this.retries = retries;
      this.clock = clock;
      this.thread = new Thread(this::run, "console-notify-" + channel.name());
      this.thread.setDaemon(true);
    }

    void start() {
      thread.start();
    }

    void offer(Notification n) {
      if (!queue.offer(n)) {
        long count = dropped.incrementAndGet();
        if (count == 1 || count % 100 == 0) {
          LOG.warn(
              "notify: {}: {} notification(s) dropped so far: {} are waiting to be delivered",
              channel.name(),
              count,
              QUEUE);
        }
      }
    }

    Counts counts() {
      return new Counts(
          channel.name(),
          delivered.get(),
          folded.get(),
          failed.get(),
          dropped.get(),
          heldNow.get());
    }

    void stop() {
      stopping = true;
      thread.interrupt();
    }

    private void run() {
      try {
        while (!stopping) {
          if (held.isEmpty()) {
            Notification n = queue.take();
            if (limit.tryAcquire(clock.instant())) {
              deliver(List.of(n), 0);
            } else {
              LOG.warn(
                  "notify: {}: over its limit of {} messages in {} s: what comes is folded into"
                      + " one digest, sent when the limit allows",
                  channel.name(),
                  limit.messages(),
                  limit.window().toSeconds());
              hold(n);
            }
            continue;
          }
          Duration wait = limit.untilFree(clock.instant());
          Notification n =
              wait.isZero()
                  ? queue.poll()
                  : queue.poll(
                      Math.min(wait.toMillis() + 1, RECHECK.toMillis()), TimeUnit.MILLISECONDS);
          if (n != null) {
            hold(n);
            continue;
          }
          if (limit.tryAcquire(clock.instant())) {
            List<Notification> batch = List.copyOf(held);
            int more = omitted;
            held.clear();
            omitted = 0;
            heldNow.set(0);
            folded.addAndGet(batch.size() + more);
            LOG.warn(
                "notify: {}: {} notification(s) held by the rate limit, sent as one digest",
                channel.name(),
                batch.size() + more);
            deliver(batch, more);
          }
        }
      } catch (InterruptedException e) {
        // Stopping.
      }
      int left = queue.size() + held.size() + omitted;
      if (left > 0) {
        LOG.warn("notify: {}: stopped with {} notification(s) not delivered", channel.name(), left);
      }
    }

    private void hold(Notification n) {
      heldNow.incrementAndGet();
      if (held.size() < DIGEST_LISTS) {
        held.add(n);
      } else {
        omitted++;
      }
    }

    /** Tries a delivery up to {@code retries + 1} times; a failure is logged, never thrown. */
    private void deliver(List<Notification> batch, int more) throws InterruptedException {
      String id = UUID.randomUUID().toString();
      String what =
          batch.size() == 1 && more == 0
              ? batch.get(0).event()
                  + (batch.get(0).cluster() == null ? "" : " of cluster " + batch.get(0).cluster())
              : "a digest of " + (batch.size() + more) + " notifications";
      int tries = retries.size() + 1;
      for (int attempt = 1; ; attempt++) {
        try {
          channel.deliver(batch, more, id);
          delivered.incrementAndGet();
          if (attempt > 1) {
            LOG.warn("notify: {}: {} delivered at try {}", channel.name(), what, attempt);
          }
          return;
        } catch (Channel.DeliveryException | RuntimeException e) {
          // A channel's own words name no secret; anything else is named by its kind only.
          String why =
              e instanceof Channel.DeliveryException ? e.getMessage() : e.getClass().getName();
          if (stopping) {
            return;
          }
          if (attempt >= tries) {
            failed.incrementAndGet();
            LOG.warn(
                "notify: {}: {} not delivered, given up after {} tries: {}",
                channel.name(),
                what,
                tries,
                why);
            return;
          }
          Duration wait = retries.get(attempt - 1);
          LOG.warn(
              "notify: {}: {} not delivered (try {} of {}): {}; trying again in {} s",
              channel.name(),
              what,
              attempt,
              tries,
              why,
              wait.toSeconds());
          Thread.sleep(wait.toMillis());
        }
      }
    }
  }
}
