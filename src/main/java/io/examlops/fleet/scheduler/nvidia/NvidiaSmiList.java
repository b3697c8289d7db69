package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code nvidia-smi -L}: one {@code GPU n: <model> (UUID: GPU-...)} line per GPU, indented
 * {@code MIG <profile> Device n: (UUID: ...)} lines under MIG-enabled GPUs, and the driver's {@code
 * Unable to determine the device handle ...} line for a GPU it cannot reach.
 */
public final class NvidiaSmiList {
  private static final Pattern GPU_LINE = Pattern.compile("GPU (\\d+): (.+?) \\(UUID: ([^)]+)\\)");
  private static final Pattern MIG_LINE =
      Pattern.compile("MIG\\s+(\\S+)\\s+Device\\s+(\\d+): \\(UUID: ([^)]+)\\)");
  // Pre-R470 MIG UUIDs carry the GPU instance and compute instance ids.
  private static final Pattern OLD_MIG_UUID = Pattern.compile("MIG-GPU-[^/]+/(\\d+)/(\\d+)");
  private static final String UNREACHABLE = "Unable to determine the device handle";
  private static final String NO_DEVICES = "No devices were found";

  private NvidiaSmiList() {}

  /** A GPU as {@code -L} names it. */
  public record ListedGpu(int index, String model, String uuid) {}

  /**
   * What {@code -L} printed.
   *
   * @param gpus GPUs the driver reached
   * @param migDevices MIG instances, with profile and UUID
   * @param faults the driver's messages about GPUs it could not reach
   */
  public record Listing(List<ListedGpu> gpus, List<MigDevice> migDevices, List<String> faults) {
    public Listing {
      gpus = List.copyOf(gpus);
      migDevices = List.copyOf(migDevices);
      faults = List.copyOf(faults);
    }
  }

  /** Parses the output; a line of no known shape is an error naming its line number. */
  public static Listing parse(String command, String output) {
    List<ListedGpu> gpus = new ArrayList<>();
    List<MigDevice> migs = new ArrayList<>();
    List<String> faults = new ArrayList<>();
    String[] lines = output.split("\\R", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.equals(NO_DEVICES) || line.startsWith(NvidiaSmiCsv.WARNING)) {
        continue;
      }
      Matcher gpu = GPU_LINE.matcher(line);
      Matcher mig = MIG_LINE.matcher(line);
      try {
        if (gpu.matches()) {
          gpus.add(new ListedGpu(Integer.parseInt(gpu.group(1)), gpu.group(2), gpu.group(3)));
          continue;
        }
        if (mig.matches()) {
          if (gpus.isEmpty()) {
            throw ProbeException.badLine(
                command, i + 1, lines[i], "a MIG device before any GPU line");
          }
          migs.add(migDevice(gpus.get(gpus.size() - 1), mig));
          continue;
        }
      } catch (NumberFormatException e) {
        throw ProbeException.badLine(command, i + 1, lines[i], "a number too large to be real");
      }
      if (line.startsWith(UNREACHABLE)) {
        faults.add(line);
      } else {
        throw ProbeException.badLine(
            command,
            i + 1,
            lines[i],
            "expected 'GPU <n>: <model> (UUID: ...)' or 'MIG <profile> Device <n>: (UUID: ...)'");
      }
    }
    return new Listing(gpus, migs, faults);
  }

  private static MigDevice migDevice(ListedGpu parent, Matcher mig) {
    String uuid = mig.group(3);
    Matcher old = OLD_MIG_UUID.matcher(uuid);
    boolean oldForm = old.matches();
    return new MigDevice(
        parent.index(),
        parent.uuid(),
        Integer.parseInt(mig.group(2)),
        mig.group(1),
        uuid,
        oldForm ? Integer.valueOf(old.group(1)) : null,
        oldForm ? Integer.valueOf(old.group(2)) : null,
        null,
        null);
  }
}
