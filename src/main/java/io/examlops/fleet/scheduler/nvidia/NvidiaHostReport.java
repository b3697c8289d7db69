package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Parses the output of {@link NvidiaCommands#HOST_REPORT} into a {@link NvidiaSnapshot}. */
public final class NvidiaHostReport {
  private static final String DRIVER_FAILED = "NVIDIA-SMI has failed";
  private static final String NO_DEVICES = "No devices were found";

  private NvidiaHostReport() {}

  /** One marked part of the output: what the command printed and its exit status. */
  record Section(String text, Integer exitCode) {
    boolean ok() {
      return exitCode != null && exitCode == 0;
    }
  }

  /**
   * Parses the report.
   *
   * @param output what the combined command printed
   * @param target where it ran, used as the host name when {@code hostname} printed nothing
   */
  public static NvidiaSnapshot parse(String output, String target) {
    Map<String, Section> sections = sections(output);
    String host = firstLine(sections.get("hostname"));
    host = host.isEmpty() ? target : host;
    Section query = require(sections, "query-gpu");
    Section xml = sections.get("xml");
    List<GpuInfo> gpus;
    String driver;
    List<MigDevice> migs = new ArrayList<>();
    Set<String> busy;
    Set<String> faults = new LinkedHashSet<>();
    if (query.ok()) {
      var table = NvidiaSmiCsv.parseGpus(NvidiaCommands.QUERY_GPU, query.text());
      gpus = table.gpus();
      driver = table.driverVersion();
      faults.addAll(table.faults());
      Section apps = sections.get("compute-apps");
      busy =
          apps != null && apps.ok()
              ? NvidiaSmiCsv.parseComputeApps(NvidiaCommands.COMPUTE_APPS, apps.text())
              : null;
    } else if (xml != null && xml.ok()) {
      var report = NvidiaSmiXml.parse(NvidiaCommands.XML, xml.text());
      gpus = report.gpus();
      driver = report.driverVersion();
      migs.addAll(report.migDevices());
      busy = report.busyGpuUuids();
    } else if (query.text().contains(NO_DEVICES)) {
      return new NvidiaSnapshot(
          host,
          cpus(sections),
          memoryMib(sections),
          null,
          List.of(),
          List.of(),
          Set.of(),
          List.of());
    } else {
      throw failure(host, query, xml);
    }
    Section list = sections.get("list");
    if (list != null && list.ok()) {
      var listing = NvidiaSmiList.parse(NvidiaCommands.LIST, list.text());
      listing.migDevices().forEach(m -> merge(migs, m));
      faults.addAll(listing.faults());
    }
    return new NvidiaSnapshot(
        host, cpus(sections), memoryMib(sections), driver, gpus, migs, busy, List.copyOf(faults));
  }

  /** Why nvidia-smi gave no GPU list, in words an admin can act on. */
  static ProbeException failure(String host, Section query, Section xml) {
    String text = xml != null && !xml.text().isBlank() ? xml.text() : query.text();
    String said = text.strip().lines().findFirst().orElse("(no output)");
    if (text.contains(DRIVER_FAILED)) {
      return new ProbeException(
          "nvidia-smi on "
              + host
              + " cannot talk to the NVIDIA driver: '"
              + said
              + "'. Check that the driver is installed and loaded (lsmod | grep nvidia) and that"
              + " its version matches nvidia-smi's");
    }
    Integer exit = xml != null ? xml.exitCode() : query.exitCode();
    if ((exit != null && exit == 127) || text.contains("not found")) {
      return new ProbeException(
          "nvidia-smi is not installed on "
              + host
              + " (or not on the PATH of a non-interactive"
              + " shell): '"
              + said
              + "'");
    }
    return new ProbeException(
        "nvidia-smi on "
            + host
            + " failed (exit "
            + exit
            + "): '"
            + said
            + "'. Run `"
            + NvidiaCommands.QUERY_GPU
            + "` there by hand to see the full message");
  }

  private static void merge(List<MigDevice> migs, MigDevice listed) {
    for (int i = 0; i < migs.size(); i++) {
      if (migs.get(i).sameDevice(listed)) {
        migs.set(i, listed.mergedWith(migs.get(i)));
        return;
      }
    }
    migs.add(listed);
  }

  private static int cpus(Map<String, Section> sections) {
    Section s = require(sections, "nproc");
    String line = firstLine(s);
    try {
      return Integer.parseInt(line);
    } catch (NumberFormatException e) {
      throw ProbeException.badLine("nproc", 1, line, "expected the number of online CPUs");
    }
  }

  // Not every host has /proc/meminfo; NodeInfo reads 0 as "not reported".
  private static long memoryMib(Map<String, Section> sections) {
    Section s = sections.get("meminfo");
    if (s == null || !s.ok()) {
      return 0;
    }
    String line = firstLine(s);
    String[] parts = line.split("\\s+");
    if (parts.length != 3 || !parts[0].equals("MemTotal:") || !parts[2].equals("kB")) {
      throw ProbeException.badLine(
          "grep '^MemTotal:' /proc/meminfo", 1, line, "expected 'MemTotal: <n> kB'");
    }
    try {
      return Long.parseLong(parts[1]) / 1024;
    } catch (NumberFormatException e) {
      throw ProbeException.badLine(
          "grep '^MemTotal:' /proc/meminfo", 1, line, "the size is not a number");
    }
  }

  private static Section require(Map<String, Section> sections, String name) {
    Section s = sections.get(name);
    if (s == null) {
      throw new ProbeException(
          "the nvidia-smi host report has no '"
              + NvidiaCommands.MARK
              + name
              + "' section: the"
              + " remote shell did not run the whole command (is it a POSIX sh?)");
    }
    return s;
  }

  private static String firstLine(Section s) {
    return s == null ? "" : s.text().strip().lines().findFirst().orElse("").strip();
  }

  static Map<String, Section> sections(String output) {
    Map<String, Section> sections = new LinkedHashMap<>();
    String name = null;
    StringBuilder text = new StringBuilder();
    for (String line : output.split("\\R", -1)) {
      int exitMark = line.indexOf(NvidiaCommands.MARK + "exit ");
      if (exitMark > 0 && name != null) {
        // Output without a final newline runs into the marker on the same line.
        text.append(line, 0, exitMark).append('\n');
        line = line.substring(exitMark);
      }
      if (line.startsWith(NvidiaCommands.MARK + "exit ") && name != null) {
        sections.put(name, new Section(text.toString(), exitCode(line)));
        name = null;
      } else if (line.startsWith(NvidiaCommands.MARK)) {
        name = line.substring(NvidiaCommands.MARK.length()).strip();
        text.setLength(0);
      } else if (name != null) {
        text.append(line).append('\n');
      }
    }
    if (name != null) {
      // Cut off before its exit marker (a truncated or killed run): keep what it printed.
      sections.put(name, new Section(text.toString(), null));
    }
    return sections;
  }

  private static Integer exitCode(String line) {
    try {
      return Integer.valueOf(line.substring((NvidiaCommands.MARK + "exit ").length()).strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
