package io.examlops.fleet.registry;

import java.nio.file.Path;
import java.util.Map;

/** Expands {@code ~} the way a shell does, from the {@code HOME} of a given environment. */
final class HomePaths {
  private HomePaths() {}

  /** {@code ~} and {@code ~/x} become paths under HOME; anything else is taken as it is. */
  static Path expand(String path, Map<String, String> env) {
    if (path.equals("~")) {
      return home(env, null);
    }
    if (path.startsWith("~/")) {
      return home(env, null).resolve(path.substring(2));
    }
    return Path.of(path);
  }

  /** HOME, or an error that names the variable to set instead. */
  static Path home(Map<String, String> env, String alternative) {
    String home = env.get("HOME");
    if (home == null || home.isBlank()) {
      throw new RegistryException(
          "HOME is not set, so '~' cannot be resolved"
              + (alternative == null ? "; use an absolute path" : "; set HOME or " + alternative));
    }
    return Path.of(home);
  }
}
