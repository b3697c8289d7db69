package io.examlops.fleet.scheduler.slurm;

import java.util.List;

/**
 * A delimited sinfo node listing: which fields, in which order, and the command that prints them.
 * Every field is separated by '|' and printed without a width, so nothing is cut or padded.
 *
 * @param fields the fields in output order
 * @param named whether the command uses {@code -O Name:|} (true) or {@code -o %x|} (false)
 * @param header whether the output starts with a header line (no {@code -h})
 */
public record SinfoFormat(List<SinfoField> fields, boolean named, boolean header) {

  /** The spec's form: {@code sinfo -N -o '%N|%c|%m|%G|%t|%P'}. */
  public static final SinfoFormat SPEC =
      new SinfoFormat(
          List.of(
              SinfoField.NODE,
              SinfoField.CPUS,
              SinfoField.MEMORY,
              SinfoField.GRES,
              SinfoField.STATE_COMPACT,
              SinfoField.PARTITION),
          false,
          true);

  /**
   * What the probe runs: adds GresUsed (idle GPUs of mixed nodes), time limit, features and the
   * drain / down reason, last.
   */
  public static final SinfoFormat RICH =
      new SinfoFormat(
          List.of(
              SinfoField.NODE,
              SinfoField.CPUS,
              SinfoField.MEMORY,
              SinfoField.GRES,
              SinfoField.GRES_USED,
              SinfoField.STATE_LONG,
              SinfoField.PARTITION,
              SinfoField.TIME_LIMIT,
              SinfoField.FEATURES,
              SinfoField.REASON),
          true,
          false);

  /** The last resort for a sinfo that rejects {@code -O}: everything but GresUsed. */
  public static final SinfoFormat PLAIN = RICH.withoutGresUsed();

  public SinfoFormat {
    fields = List.copyOf(fields);
    if (!fields.contains(SinfoField.NODE)) {
      throw new IllegalArgumentException("a node listing needs the NODE field");
    }
    if (fields.indexOf(SinfoField.REASON) >= 0
        && fields.indexOf(SinfoField.REASON) != fields.size() - 1) {
      throw new IllegalArgumentException("REASON is free text and must be the last field");
    }
    if (!named && !SlurmColumn.allLettered(columns(fields))) {
      throw new IllegalArgumentException("GresUsed has no -o letter; use the -O form");
    }
  }

  /** The same fields but GresUsed, in the {@code -o} form, which has no letter for it. */
  private SinfoFormat withoutGresUsed() {
    return new SinfoFormat(
        fields.stream().filter(f -> f != SinfoField.GRES_USED).toList(), false, header);
  }

  /** The shell command line that prints this format. */
  public String command() {
    // The last field needs no '|' after it.
    String spec =
        named ? SlurmColumn.names(columns(fields), false) : SlurmColumn.letters(columns(fields));
    return "sinfo -N" + (header ? "" : " -h") + (named ? " -O '" : " -o '") + spec + "'";
  }

  private static List<SlurmColumn> columns(List<SinfoField> fields) {
    return fields.stream().map(SinfoField::column).toList();
  }

  /** Whether the last field is the free-text reason, which may itself hold '|'. */
  public boolean endsWithReason() {
    return !fields.isEmpty() && fields.get(fields.size() - 1) == SinfoField.REASON;
  }

  public int indexOf(SinfoField field) {
    return fields.indexOf(field);
  }
}
