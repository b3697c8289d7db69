package io.examlops.fleet.hostlist;

import java.util.List;

/**
 * Expands and compresses Slurm and Flux hostlists ({@code node[001-128,130]}, {@code rank[0-2]},
 * {@code node[8-10]-ib}).
 *
 * <p>Order and duplicates are kept as both schedulers keep them. Zero padding applies per element,
 * taken from the start of each range: {@code node[005,4]} is node005,node4 and {@code node[1-03]}
 * is node1,node2,node3. Ids are unsigned 64-bit. The schedulers disagree only on items with several
 * bracket groups: {@link #expand(String)} refuses those, {@link #expand(String, Dialect)} follows
 * the scheduler named. See docs/hostlists.md.
 */
public final class Hostlist {
  /** Most hosts one expression may expand to; guards against {@code node[0-99999999999]}. */
  public static final int MAX_EXPANSION = 1 << 22;

  /**
   * Most characters the hosts of one expression may hold together; guards against a few very long
   * names ({@code x...x[1-100000]}) filling the heap.
   */
  public static final int MAX_EXPANDED_CHARS = 1 << 26;

  private Hostlist() {}

  /** How a scheduler reads items with more than one bracket group. */
  public enum Dialect {
    /**
     * Slurm expands every group ({@code rack[1-2]-node[1-2]} is rack1-node1, rack1-node2,
     * rack2-node1, rack2-node2); a suffix after the last group needs Slurm 23.02.5 or later.
     */
    SLURM,
    /**
     * flux-core expands only the first group and keeps the rest of the item as a literal suffix
     * ({@code rack[1-2]-node[1-2]} is rack1-node[1-2], rack2-node[1-2]).
     */
    FLUX
  }

  /**
   * Expands a hostlist that reads the same to Slurm and Flux: at most one bracket group per item.
   * An empty or blank expression is the empty list; null is too.
   *
   * @throws HostlistException on bad input, and on an item with several bracket groups (pass a
   *     {@link Dialect} for those)
   */
  public static List<String> expand(String expression) {
    return HostlistExpander.expand(expression, neutralTerms(expression));
  }

  /** Expands a hostlist as the given scheduler reads it. */
  public static List<String> expand(String expression, Dialect dialect) {
    return HostlistExpander.expand(expression, terms(expression, dialect));
  }

  /** Number of hosts in a scheduler-neutral hostlist, without expanding it. */
  public static long count(String expression) {
    return HostlistExpander.count(expression, neutralTerms(expression));
  }

  /** Number of hosts in a hostlist as the given scheduler reads it, without expanding it. */
  public static long count(String expression, Dialect dialect) {
    return HostlistExpander.count(expression, terms(expression, dialect));
  }

  /**
   * Compresses host names into a hostlist exactly as Slurm ({@code scontrol show hostlist}) and
   * Flux ({@code flux hostlist}) do: only adjacent hosts that share a prefix and end in a number
   * merge, order and duplicates are kept ({@code node3,node1,node2} is {@code node[3,1-2]}),
   * padding is kept ({@code node1,node01} is {@code node[1,01]}). {@code expand(compress(hosts))}
   * gives {@code hosts} back.
   *
   * @throws HostlistException for a name that is empty or holds a comma, bracket or whitespace
   */
  public static String compress(List<String> hosts) {
    return HostlistCompressor.compress(hosts);
  }

  private static List<HostlistTerm> terms(String expression, Dialect dialect) {
    return HostlistParser.parse(nonNull(expression), dialect == Dialect.FLUX);
  }

  private static List<HostlistTerm> neutralTerms(String expression) {
    List<HostlistTerm> terms = HostlistParser.parse(nonNull(expression), false);
    for (HostlistTerm term : terms) {
      if (term.groups().size() > 1) {
        throw new HostlistException(
            expression,
            "'"
                + term.item()
                + "' has "
                + term.groups().size()
                + " bracket groups: Slurm expands every group, Flux only the first; name the"
                + " scheduler with Hostlist.expand(text, Dialect)");
      }
    }
    return terms;
  }

  private static String nonNull(String expression) {
    return expression == null ? "" : expression;
  }
}
