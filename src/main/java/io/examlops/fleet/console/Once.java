package io.examlops.fleet.console;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A part of the fleet view worked out when first asked for, once: the requests that need it wait
 * for the one that works it out, and those that do not never wait for it. A computation that fails
 * (a store that cannot be read now) is tried again by the next request that asks.
 */
final class Once<T> implements Supplier<T> {
  private final Supplier<T> compute;
  private volatile T value;

  Once(Supplier<T> compute) {
    this.compute = compute;
  }

  @Override
  public T get() {
    T known = value;
    if (known != null) {
      return known;
    }
    synchronized (this) {
      if (value == null) {
        value = Objects.requireNonNull(compute.get(), "a part of the fleet view");
      }
      return value;
    }
  }

  /** Whether it was worked out already (asking does not work it out). */
  boolean known() {
    return value != null;
  }
}
