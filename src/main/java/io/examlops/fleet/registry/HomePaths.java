package io.examlops.fleet.registry;

import io.examlops.fleet.transport.UserHome;
import java.nio.file.Path;
import java.util.Map;

/** Expands {@code ~} by the product's one home rule ({@link UserHome}) for a given environment. */
final class HomePaths {
  private HomePaths() {}

  /** {@code ~} and {@code ~/x} become paths under the home; anything else is taken as it is. */
  static Path expand(String path, Map<String, String> env) {
    return UserHome.of(env).expand(path);
  }

  static Path home(Map<String, String> env) {
    return UserHome.of(env).dir();
  }
}
