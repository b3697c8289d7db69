package io.examlops.fleet.settings;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * Where the registry lives: {@code clusters.yaml} (connection definitions) and {@code platform.db}
 * (governance, snapshots, jobs, audit). Defaults follow the XDG layout under the home.
 *
 * @param clustersFile {@value Variables#REGISTRY}, else {@code ~/.config/examlops/clusters.yaml}
 * @param platformDb {@value Variables#PLATFORM_DB}, else {@code platform.db} in {@value
 *     Variables#DATA_DIR}, else {@code ~/.local/share/examlops/platform.db}
 */
public record RegistryLocations(Path clustersFile, Path platformDb) {

  /** The locations the variables name, relative to {@code home}. */
  static RegistryLocations of(Function<String, String> variable, UserHome home) {
    String registry = variable.apply(Variables.REGISTRY);
    String db = variable.apply(Variables.PLATFORM_DB);
    String dataDir = variable.apply(Variables.DATA_DIR);
    return new RegistryLocations(
        registry != null
            ? home.expand(registry)
            : home.dir().resolve(".config/examlops/clusters.yaml"),
        db != null
            ? home.expand(db)
            : dataDir != null
                ? home.expand(dataDir).resolve("platform.db")
                : home.dir().resolve(".local/share/examlops/platform.db"));
  }

  /** The directory adapters keep local state in (the mock's jobs): platform.db's. */
  public Path stateDir() {
    return platformDb.toAbsolutePath().getParent();
  }
}
