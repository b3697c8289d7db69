package io.examlops.fleet.scheduler.nvidia;

/**
 * The read-only command lines the nvidia-smi probe runs. They are constants: nothing from a user or
 * a host is ever spliced in.
 */
public final class NvidiaCommands {
  /** Cheap and stable: the fields NVIDIA documents for scripts ({@code --help-query-gpu}). */
  public static final String QUERY_GPU =
      "nvidia-smi --query-gpu=index,uuid,name,memory.total,memory.used,utilization.gpu,"
          + "mig.mode.current,driver_version --format=csv";

  /** GPUs with running compute processes (graphics-only clients are not listed). */
  public static final String COMPUTE_APPS =
      "nvidia-smi --query-compute-apps=gpu_uuid,pid --format=csv";

  /** GPUs and MIG devices with their UUIDs. */
  public static final String LIST = "nvidia-smi -L";

  /** Full XML report: the fallback for drivers whose --query-gpu rejects a field (before R450). */
  public static final String XML = "nvidia-smi -q -x";

  static final String MARK = "@@fleet:";

  /**
   * Everything the probe needs in one round trip, each part behind a {@code @@fleet:<name>} marker
   * and followed by {@code @@fleet:exit <status>}. The XML report runs only when the CSV query
   * fails. POSIX sh; {@code 2>&1} keeps the driver's error text inside its section.
   */
  public static final String HOST_REPORT =
      section("hostname", "hostname")
          + section("nproc", "nproc")
          + section("meminfo", "grep '^MemTotal:' /proc/meminfo")
          + "echo '"
          + MARK
          + "query-gpu'; "
          + QUERY_GPU
          + " 2>&1; rc=$?; echo \""
          + MARK
          + "exit $rc\"; "
          + "if [ $rc -ne 0 ]; then "
          + section("xml", XML)
          + "fi; "
          + section("compute-apps", COMPUTE_APPS)
          + section("list", LIST).strip();

  private NvidiaCommands() {}

  private static String section(String name, String command) {
    return "echo '" + MARK + name + "'; " + command + " 2>&1; echo \"" + MARK + "exit $?\"; ";
  }
}
