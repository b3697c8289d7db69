package io.examlops.fleet.settings;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the two sources of truth live.
 *
 * <ul>
 *   <li>clusters.yaml: {@code EXAMLOPS_HPC_REGISTRY}, else {@code ~/.config/examlops/clusters.yaml}
 *   <li>platform.db: {@code EXAMLOPS_PLATFORM_DB}, else {@code $EXAMLOPS_DATA_DIR/platform.db},
 *       else {@code ~/.local/share/examlops/platform.db}
 * </ul>
 *
 * <p>The environment is passed in, so that tests and embedding applications decide it.
 *
 * @param clustersFile the cluster-definition file
 * @param platformDb the governance database
 */
public record RegistryLocations(Path clustersFile, Path platformDb) {
  public static final String REGISTRY_VARIABLE = "EXAMLOPS_HPC_REGISTRY";
  public static final String DB_VARIABLE = "EXAMLOPS_PLATFORM_DB";
  public static final String DATA_DIR_VARIABLE = "EXAMLOPS_DATA_DIR";

  public static RegistryLocations from(Map<String, String> env) {
    return new RegistryLocations(clustersFile(env), platformDb(env));
  }

  static Path clustersFile(Map<String, String> env) {
    String explicit = env.get(REGISTRY_VARIABLE);
    if (isSet(explicit)) {
      return HomePaths.expand(explicit, env);
    }
    return HomePaths.home(env).resolve(".config/examlops/clusters.yaml");
  }

  static Path platformDb(Map<String, String> env) {
    String explicit = env.get(DB_VARIABLE);
    if (isSet(explicit)) {
      return HomePaths.expand(explicit, env);
    }
    String dataDir = env.get(DATA_DIR_VARIABLE);
    if (isSet(dataDir)) {
      return HomePaths.expand(dataDir, env).resolve("platform.db");
    }
    return HomePaths.home(env).resolve(".local/share/examlops/platform.db");
  }

  private static boolean isSet(String value) {
    return value != null && !value.isBlank();
  }
}
