package io.examlops.fleet.testing;

import io.examlops.fleet.StandardSchedulers;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Declares the shipped schedulers' kinds before any test runs, as every surface does before it
 * reads clusters.yaml or platform.db: a kind is declared when its adapter's class loads, so without
 * this a test that parses {@code scheduler: flux} would pass or fail by which tests ran before it,
 * and messages that list the kinds would list them in that order. Registered in {@code
 * META-INF/services}.
 */
public final class StandardKindsDeclared implements LauncherSessionListener {
  @Override
  public void launcherSessionOpened(LauncherSession session) {
    StandardSchedulers.kinds();
  }
}
