package io.examlops.fleet.cli;

import io.examlops.fleet.settings.Variables;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The per-user cache directory: {@code EXAMLOPS_CACHE_DIR}, else {@code $XDG_CACHE_HOME/examlops},
 * else {@code $HOME/.cache/examlops}. The launcher script resolves the same directory for its
 * class-data-sharing archive. Nothing in it is needed: it only saves work between runs.
 */
final class UserCache {
  static final String VARIABLE = Variables.CACHE_DIR;

  private UserCache() {}

  /** The directory, or empty when the environment names none (no HOME). */
  static Optional<Path> directory(Map<String, String> env) {
    String explicit = env.get(VARIABLE);
    if (isSet(explicit)) {
      return Optional.of(Path.of(explicit));
    }
    String xdg = env.get("XDG_CACHE_HOME");
    if (isSet(xdg)) {
      return Optional.of(Path.of(xdg, "examlops"));
    }
    String home = env.get("HOME");
    return isSet(home) ? Optional.of(Path.of(home, ".cache", "examlops")) : Optional.empty();
  }

  private static boolean isSet(String value) {
    return value != null && !value.isBlank();
  }
}
