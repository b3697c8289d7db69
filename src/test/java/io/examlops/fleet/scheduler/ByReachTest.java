package io.examlops.fleet.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A scheduler reached two ways answers every call the way its runner offers: a call the wrapper did
 * not pass on would answer with the interface's default (Slurm's job-end watch was lost so once).
 */
class ByReachTest {
  @Test
  void theBackendPassesOnEveryOperation() {
    JobBackend wrapped = ByReach.backend(null, null);
    assertThat(notPassedOn(JobBackend.class, wrapped.getClass())).isEmpty();
  }

  @Test
  void theProbePassesOnEveryOperation() {
    SchedulerProbe wrapped = ByReach.probe(null, null);
    assertThat(notPassedOn(SchedulerProbe.class, wrapped.getClass())).isEmpty();
  }

  /** The interface's methods with a default that the class does not declare itself. */
  private static List<String> notPassedOn(Class<?> api, Class<?> wrapper) {
    return Arrays.stream(api.getMethods())
        .filter(m -> !Modifier.isStatic(m.getModifiers()))
        .filter(m -> !declares(wrapper, m))
        .map(Method::getName)
        .toList();
  }

  private static boolean declares(Class<?> type, Method m) {
    try {
      type.getDeclaredMethod(m.getName(), m.getParameterTypes());
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}
