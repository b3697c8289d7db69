package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A part of the fleet view is worked out once, for every request that asks. */
class OnceTest {
  @Test
  void isWorkedOutWhenFirstAskedAndThenKept() {
    AtomicInteger computed = new AtomicInteger();
    Once<String> once = new Once<>(() -> "rows " + computed.incrementAndGet());

    assertThat(once.known()).isFalse();
    assertThat(computed).hasValue(0);
    assertThat(once.get()).isEqualTo("rows 1");
    assertThat(once.get()).isEqualTo("rows 1");
    assertThat(once.known()).isTrue();
    assertThat(computed).hasValue(1);
  }

  @Test
  void requestsAskingAtOnceShareOneComputation() throws Exception {
    AtomicInteger computed = new AtomicInteger();
    CountDownLatch release = new CountDownLatch(1);
    Once<String> once =
        new Once<>(
            () -> {
              try {
                release.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return "capacity " + computed.incrementAndGet();
            });
    ExecutorService requests = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> answers =
          List.of(
              requests.submit(once::get),
              requests.submit(once::get),
              requests.submit(once::get),
              requests.submit(once::get));
      release.countDown();
      for (Future<String> answer : answers) {
        assertThat(answer.get()).isEqualTo("capacity 1");
      }
    } finally {
      requests.shutdownNow();
    }
    assertThat(computed).hasValue(1);
  }

  @Test
  void aFailureIsTriedAgainByTheNextRequest() {
    AtomicInteger tries = new AtomicInteger();
    Once<String> once =
        new Once<>(
            () -> {
              if (tries.incrementAndGet() == 1) {
                throw new IllegalStateException("platform.db is locked");
              }
              return "nodes";
            });

    assertThatThrownBy(once::get).hasMessageContaining("locked");
    assertThat(once.known()).isFalse();
    assertThat(once.get()).isEqualTo("nodes");
    assertThat(tries).hasValue(2);
  }
}
