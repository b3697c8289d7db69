package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.hostlist.Hostlist;
import io.examlops.fleet.scheduler.BarColumns;
import io.examlops.fleet.scheduler.Brackets;
import io.examlops.fleet.scheduler.OutputLine;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the delimiter form of {@code flux resource list -s free,allocated,down -n -o FIELDS}, the
 * fallback for flux-core releases without {@code flux resource R} (before 0.52).
 *
 * <p>The lines are grouped by state (and queue and properties), not by node: a partly allocated
 * node is on a {@code free} and an {@code allocated} line, a draining node on {@code allocated} and
 * {@code down}. So counts are never summed over lines; each line's {@code rlist} ({@code
 * rank[2-3]/core[0-15],gpu[0-3] rank4/core[0-1]}) gives core and GPU ids per rank, and the ids of
 * all lines are merged per rank. Excluded nodes are on no line.
 */
public final class FluxListParser {
  /** The {@code -o} argument; {@code properties} exists from flux-core 0.38, rlist last. */
  public static final String FIELDS = "{state}|{properties}|{ranks}|{nodelist}|{rlist}";

  private static final int FIELD_COUNT = 5;

  /**
   * The scheduler view of an instance.
   *
   * @param all every rank that is not excluded, with all its cores and GPUs
   * @param allocated the ranks with allocated resources, with the allocated cores and GPUs only
   */
  public record SchedulerView(FluxResourceSet all, FluxResourceSet allocated) {}

  private FluxListParser() {}

  public static SchedulerView parse(String command, String text) {
    FluxResourceSet.Builder all = new FluxResourceSet.Builder();
    FluxResourceSet.Builder allocated = new FluxResourceSet.Builder();
    for (OutputLine line : OutputLine.nonBlank(text)) {
      String[] f;
      try {
        f = BarColumns.split(line.text(), FIELD_COUNT, FIELDS, "flux resource list -o");
      } catch (IllegalArgumentException e) {
        throw line.unreadable(command, e.getMessage());
      }
      String state = f[0].trim();
      if (!state.equals("free") && !state.equals("allocated") && !state.equals("down")) {
        throw line.unreadable(command, "state '" + state + "' is not free, allocated or down");
      }
      try {
        List<Long> ranks = FluxResourceSet.Builder.ranks(f[2].trim());
        if (ranks.isEmpty()) {
          continue; // Flux prints a zero line for a state that has nothing
        }
        addLine(all, f, ranks);
        if (state.equals("allocated")) {
          addLine(allocated, f, ranks);
        }
      } catch (IllegalArgumentException e) {
        throw line.unreadable(command, e.getMessage());
      }
    }
    return new SchedulerView(all.build(), allocated.build());
  }

  private static void addLine(FluxResourceSet.Builder set, String[] f, List<Long> ranks) {
    List<String> hosts = Hostlist.expand(f[3].trim(), Hostlist.Dialect.FLUX);
    if (!hosts.isEmpty() && hosts.size() != ranks.size()) {
      throw new IllegalArgumentException(
          "nodelist '"
              + f[3].trim()
              + "' names "
              + hosts.size()
              + " hosts for "
              + ranks.size()
              + " ranks");
    }
    for (int i = 0; i < ranks.size(); i++) {
      set.add(ranks.get(i), "", "");
      if (!hosts.isEmpty()) {
        set.host(ranks.get(i), hosts.get(i));
      }
      for (String property : f[1].trim().split(",")) {
        if (!property.isEmpty()) {
          set.property(ranks.get(i), property);
        }
      }
    }
    addRlist(set, f[4].trim(), new HashSet<>(ranks));
  }

  /** Adds the ids of an rlist such as {@code rank[0-1]/core[0-35] rank2/core[0-3],gpu0}. */
  static void addRlist(FluxResourceSet.Builder set, String rlist, Set<Long> lineRanks) {
    for (String group : rlist.split("\\s+")) {
      if (group.isEmpty()) {
        continue;
      }
      if (!group.startsWith("rank")) {
        throw new IllegalArgumentException("rlist group '" + group + "' does not start with rank");
      }
      int slash = group.indexOf('/');
      String rankIds = group.substring("rank".length(), slash < 0 ? group.length() : slash);
      String cores = "";
      String gpus = "";
      if (slash >= 0) {
        for (String item : Brackets.SQUARE.split(group.substring(slash + 1), ',')) {
          if (item.startsWith("core")) {
            cores = item.substring("core".length());
          } else if (item.startsWith("gpu")) {
            gpus = item.substring("gpu".length());
          }
        }
      }
      for (long rank : FluxResourceSet.Builder.ranks(rankIds)) {
        if (!lineRanks.contains(rank)) {
          throw new IllegalArgumentException(
              "rlist names rank " + rank + " which is not in the line's ranks");
        }
        set.add(rank, cores, gpus);
      }
    }
  }
}
