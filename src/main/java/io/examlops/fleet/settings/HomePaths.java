package io.examlops.fleet.settings;

import io.examlops.fleet.transport.UserHome;
import java.nio.file.Path;
import java.util.Map;

/** Expands {@code ~} by the product's one home rule ({@link UserHome}) for a given environment. */
public final class HomePaths {
  private HomePaths() {}

  /** {@code ~} and {@code ~/x} become paths under the home; anything else is taken as it is. */
  public static Path expand(String path, Map<String, String> env) {
    return UserHome.of(env).expand(path);
  }

  public static Path home(Map<String, String> env) {
    return UserHome.of(env).dir();
  }
}
