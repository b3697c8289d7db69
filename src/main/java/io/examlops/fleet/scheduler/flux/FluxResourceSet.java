package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.hostlist.Idset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A Flux resource set reduced to what discovery needs: per rank, its host, core and GPU counts and
 * properties. Built from RFC 20 R JSON ({@link FluxRParser}) or from the {@code rlist} column of
 * {@code flux resource list} ({@link FluxListParser}).
 */
public final class FluxResourceSet {
  private final Map<Long, FluxRank> byRank;

  private FluxResourceSet(Map<Long, FluxRank> byRank) {
    this.byRank = Collections.unmodifiableMap(byRank);
  }

  /** The ranks in ascending rank order. */
  public List<FluxRank> ranks() {
    return List.copyOf(byRank.values());
  }

  /** The rank, or {@code null} when it is not in this set. */
  public FluxRank rank(long rank) {
    return byRank.get(rank);
  }

  public boolean isEmpty() {
    return byRank.isEmpty();
  }

  public int size() {
    return byRank.size();
  }

  @Override
  public String toString() {
    return "FluxResourceSet" + byRank.values();
  }

  /**
   * Collects ranks; a rank added twice (two states of one node, overlapping R_lite entries) gets
   * the union of its core and GPU ids, so nothing is counted twice.
   */
  static final class Builder {
    /** Far beyond any Flux instance; millions of ranks took tens of seconds to collect. */
    static final int MAX_RANKS = 1 << 17;

    /** Core and GPU ids per rank; each id is a bit, so 2^31 would cost 256 MB. */
    static final int MAX_RESOURCE_ID = (1 << 20) - 1;

    private final Map<Long, Partial> partials = new TreeMap<>();

    /**
     * The ranks an RFC 22 idset names, refused by their count before they are expanded: expanding
     * millions of ranks only to refuse them took seconds.
     */
    static List<Long> ranks(String idset) {
      long count = Idset.count(idset);
      if (count > MAX_RANKS) {
        throw new IllegalArgumentException(
            "'"
                + idset
                + "' names "
                + count
                + " ranks: more than "
                + MAX_RANKS
                + " ranks, which no Flux instance has");
      }
      return Idset.parse(idset);
    }

    /** Adds core and GPU idsets (RFC 22 text, may be empty) to a rank. */
    Builder add(long rank, String coreIds, String gpuIds) {
      Partial partial = partial(rank);
      setAll(partial.cores, coreIds);
      setAll(partial.gpus, gpuIds);
      return this;
    }

    Builder property(long rank, String property) {
      partial(rank).properties.add(property);
      return this;
    }

    Builder host(long rank, String host) {
      partial(rank).host = host;
      return this;
    }

    boolean has(long rank) {
      return partials.containsKey(rank);
    }

    /** The ranks added so far, ascending. */
    List<Long> rankIds() {
      return new ArrayList<>(partials.keySet());
    }

    FluxResourceSet build() {
      Map<Long, FluxRank> ranks = new TreeMap<>();
      for (var entry : partials.entrySet()) {
        Partial p = entry.getValue();
        String host = p.host != null ? p.host : "rank" + entry.getKey();
        ranks.put(
            entry.getKey(),
            new FluxRank(
                entry.getKey(),
                host,
                p.cores.cardinality(),
                p.gpus.cardinality(),
                new ArrayList<>(p.properties)));
      }
      return new FluxResourceSet(ranks);
    }

    private Partial partial(long rank) {
      if (partials.size() >= MAX_RANKS && !partials.containsKey(rank)) {
        throw new IllegalArgumentException(
            "more than " + MAX_RANKS + " ranks, which no Flux instance has");
      }
      return partials.computeIfAbsent(rank, r -> new Partial());
    }

    private static void setAll(BitSet bits, String ids) {
      if (ids == null || ids.isBlank()) {
        return;
      }
      if (Idset.count(ids) > MAX_RESOURCE_ID + 1L) {
        throw new IllegalArgumentException("'" + ids + "' names more resource ids than a node has");
      }
      for (long id : Idset.parse(ids)) {
        if (id > MAX_RESOURCE_ID) {
          throw new IllegalArgumentException("resource id " + id + " is too large");
        }
        bits.set((int) id);
      }
    }
  }

  private static final class Partial {
    final BitSet cores = new BitSet();
    final BitSet gpus = new BitSet();
    final TreeSet<String> properties = new TreeSet<>();
    String host;
  }
}
