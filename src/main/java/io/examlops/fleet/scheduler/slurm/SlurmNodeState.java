package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.scheduler.StateWords;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A Slurm node state read as Slurm models it: one base state plus a set of flags, whatever text
 * form it came in ({@code sinfo %t} {@code drng*}, {@code %T} {@code draining}, scontrol {@code
 * MIXED+DRAIN}, JSON {@code ["MIXED","DRAIN"]} or {@code "mixed"} + {@code state_flags}).
 *
 * <p>The vocabulary follows Slurm's own printers ({@code node_state_string}, {@code
 * node_state_string_compact} and the flag table in {@code slurm_protocol_defs.c}) plus the words
 * older releases printed ({@code npc}, {@code perfctrs}, {@code cloud}, {@code error}). The mapping
 * to {@link NodeState} is in {@link #normalized()}; docs/discovery.md ("Slurm", "Node state
 * mapping") explains each rule.
 *
 * @param base the base state, {@link Base#NONE} when the text names only flags ({@code drain})
 * @param flags the state flags, from words and from suffix characters
 * @param unrecognised words that are not Slurm state vocabulary; any makes the state suspect
 * @param raw the text as the scheduler printed it
 */
public record SlurmNodeState(Base base, Set<Flag> flags, List<String> unrecognised, String raw) {

  /** Slurm's base node states ({@code NODE_STATE_BASE}). */
  public enum Base {
    IDLE,
    ALLOCATED,
    MIXED,
    DOWN,
    FUTURE,
    UNKNOWN,
    /** The pre-15.08 ERROR base state. */
    ERROR,
    /** The text named no base state. */
    NONE
  }

  /** Slurm's node state flags ({@code NODE_STATE_FLAGS}), plus the old network-counter state. */
  public enum Flag {
    NOT_RESPONDING,
    DRAIN,
    FAIL,
    MAINTENANCE,
    COMPLETING,
    RESERVED,
    PLANNED,
    BLOCKED,
    INVALID_REG,
    POWER_DOWN,
    POWER_UP,
    POWERED_DOWN,
    POWERING_DOWN,
    POWERING_UP,
    REBOOT_REQUESTED,
    REBOOT_ISSUED,
    CLOUD,
    EXTERNAL,
    DYNAMIC_FUTURE,
    DYNAMIC_NORM,
    RESUME,
    UNDRAIN,
    CANCEL_REBOOT,
    /** NPC / PERFCTRS: network performance counters in use by a job (Slurm before 21.08). */
    NETWORK_COUNTERS
  }

  /** Flags after which the node is on its way off, on, or through a reboot. */
  private static final Set<Flag> POWER_OR_REBOOT =
      EnumSet.of(
          Flag.POWER_DOWN,
          Flag.POWER_UP,
          Flag.POWERED_DOWN,
          Flag.POWERING_DOWN,
          Flag.POWERING_UP,
          Flag.REBOOT_REQUESTED,
          Flag.REBOOT_ISSUED);

  /**
   * Flags that hold the node for someone else: no new job of ours starts there now. Not PLANNED:
   * the backfill scheduler only plans a pending job onto the node for later, and still starts other
   * jobs there meanwhile (Slurm 25.11 started 2-GPU jobs on an {@code IDLE+PLANNED} node 21 s after
   * they were submitted), so a planned node counts as what its base state says.
   */
  private static final Set<Flag> SPOKEN_FOR =
      EnumSet.of(Flag.COMPLETING, Flag.RESERVED, Flag.BLOCKED, Flag.NETWORK_COUNTERS);

  /** Suffix characters of sinfo's state column (sinfo(1) "NODE STATE CODES"). */
  private static final Map<Character, Flag> SUFFIXES =
      Map.of(
          '*', Flag.NOT_RESPONDING,
          '~', Flag.POWERED_DOWN,
          '#', Flag.POWERING_UP,
          '!', Flag.POWER_DOWN,
          '%', Flag.POWERING_DOWN,
          '$', Flag.MAINTENANCE,
          '@', Flag.REBOOT_REQUESTED,
          '^', Flag.REBOOT_ISSUED,
          '-', Flag.PLANNED,
          '+', Flag.COMPLETING);

  private static final StateWords<Base> BASE_WORDS =
      StateWords.of(
          Base.class,
          """
          IDLE: idle
          ALLOCATED: alloc allocated
          MIXED: mix mixed
          DOWN: down
          FUTURE: futr future
          UNKNOWN: unk unknown
          ERROR: err error
          """);

  /** Short, long and flag-table spellings of every flag and of the flag-only summary states. */
  private static final StateWords<Flag> FLAG_WORDS =
      StateWords.of(
          Flag.class,
          """
          DRAIN: drain drained drng draining
          FAIL: fail failg failing
          MAINTENANCE: maint maintenance
          COMPLETING: comp completing
          RESERVED: resv reserved
          PLANNED: plnd planned
          BLOCKED: block blocked
          INVALID_REG: inval invalid invalid_reg
          POWER_DOWN: pow_dn power_down
          POWER_UP: pow_up power_up
          # power: the "POWER" (power save) flag of Slurm <= 20.02
          POWERED_DOWN: powered_dn powered_down power power_save
          POWERING_DOWN: powring_dn powering_down
          POWERING_UP: powering_up
          REBOOT_REQUESTED: boot booting reboot reboot_requested
          REBOOT_ISSUED: reboot_issued
          CLOUD: cloud
          EXTERNAL: ext external
          DYNAMIC_FUTURE: dynamic_future
          DYNAMIC_NORM: dynamic_norm
          RESUME: resm resume
          UNDRAIN: undrain
          CANCEL_REBOOT: canc_r cancel_reboot
          NOT_RESPONDING: not_responding no_respond
          NETWORK_COUNTERS: npc perfctrs
          """);

  public SlurmNodeState {
    flags = flags.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(flags));
    unrecognised = List.copyOf(unrecognised);
    raw = raw == null ? "" : raw;
  }

  /**
   * Reads a state as sinfo or scontrol print it: {@code idle}, {@code down*}, {@code alloc+},
   * {@code DRAINING@}, {@code idle+drain}, {@code DOWN+NOT_RESPONDING}. Case does not matter. Never
   * throws: text it cannot read leaves {@link #unrecognised()} non-empty.
   */
  public static SlurmNodeState parse(String text) {
    String raw = text == null ? "" : text.trim();
    return read(raw, List.of(raw));
  }

  /**
   * Reads a JSON state: the 21.08-22.05 form (base {@code "mixed"} plus {@code state_flags}) or the
   * 23.02+ array ({@code ["MIXED","DRAIN"]}, base first). Pass {@code null} for no base.
   */
  public static SlurmNodeState ofWords(String base, List<String> flags) {
    List<String> words = new ArrayList<>();
    if (base != null && !base.isBlank()) {
      words.add(base.trim());
    }
    flags.stream().map(String::trim).forEach(words::add);
    return read(String.join("+", words), words);
  }

  private static SlurmNodeState read(String raw, List<String> pieces) {
    Base base = Base.NONE;
    Set<Flag> flags = EnumSet.noneOf(Flag.class);
    List<String> unknown = new ArrayList<>();
    for (String piece : pieces) {
      String rest = stripSuffixes(piece.toLowerCase(Locale.ROOT), flags);
      if (rest.isEmpty()) {
        continue;
      }
      for (String word : rest.split("\\+")) {
        String w = stripSuffixes(word, flags);
        Base b = BASE_WORDS.get(w);
        Flag f = FLAG_WORDS.get(w);
        if (b != null && base == Base.NONE) {
          base = b;
        } else if (f != null) {
          flags.add(f);
        } else if (!w.isEmpty()) {
          unknown.add(w);
        }
      }
    }
    if (base == Base.NONE && flags.isEmpty() && unknown.isEmpty()) {
      unknown.add(raw.isEmpty() ? "(empty)" : raw);
    }
    return new SlurmNodeState(base, flags, unknown, raw);
  }

  /** Removes trailing suffix characters, recording their flags; a trailing '+' is COMPLETING. */
  private static String stripSuffixes(String word, Set<Flag> flags) {
    int end = word.length();
    while (end > 0 && SUFFIXES.containsKey(word.charAt(end - 1))) {
      flags.add(SUFFIXES.get(word.charAt(end - 1)));
      end--;
    }
    return word.substring(0, end);
  }

  /** The normalized state; {@link #parse(String)} followed by this is the whole mapper. */
  public NodeState normalized() {
    // An admin took the node out of service: say so, even when it is also not responding
    // (Slurm keeps drained nodes drained rather than marking them down; sinfo prints "drain*").
    if (flags.contains(Flag.DRAIN) || flags.contains(Flag.FAIL)) {
      return NodeState.DRAIN;
    }
    if (base == Base.DOWN
        || base == Base.FUTURE
        || base == Base.ERROR
        || flags.contains(Flag.NOT_RESPONDING)
        || flags.contains(Flag.INVALID_REG)
        || flags.contains(Flag.DYNAMIC_FUTURE)
        // Slurm <= 20.11 printed a powered-down cloud node as plain "cloud", with no base state.
        || (base == Base.NONE && flags.contains(Flag.CLOUD))) {
      return NodeState.DOWN;
    }
    if (flags.stream().anyMatch(POWER_OR_REBOOT::contains)) {
      // Jobs still running finish first, but no new job starts: busy now, gone after.
      return busy() ? NodeState.ALLOCATED : NodeState.DOWN;
    }
    if (flags.contains(Flag.MAINTENANCE)) {
      return NodeState.DRAIN;
    }
    if (!unrecognised.isEmpty()) {
      return NodeState.UNKNOWN;
    }
    if (flags.stream().anyMatch(SPOKEN_FOR::contains)) {
      return NodeState.ALLOCATED;
    }
    return switch (base) {
      // Slurm prints IDLE+PLANNED as plain "planned" / "plnd": the flag stands for an idle base.
      case IDLE -> NodeState.IDLE;
      case NONE -> flags.equals(Set.of(Flag.PLANNED)) ? NodeState.IDLE : NodeState.UNKNOWN;
      case ALLOCATED -> NodeState.ALLOCATED;
      case MIXED -> NodeState.MIXED;
      default -> NodeState.UNKNOWN;
    };
  }

  private boolean busy() {
    return base == Base.ALLOCATED || base == Base.MIXED || flags.contains(Flag.COMPLETING);
  }

  /** Shorthand for {@code parse(text).normalized()}. */
  public static NodeState map(String text) {
    return parse(text).normalized();
  }
}
