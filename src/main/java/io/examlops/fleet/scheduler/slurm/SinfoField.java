package io.examlops.fleet.scheduler.slurm;

/**
 * The sinfo fields the parser reads, with their {@code -o} letter and {@code -O} name. GresUsed has
 * no {@code -o} letter, which is why the rich form uses {@code -O}.
 */
public enum SinfoField {
  NODE('N', "NodeList"),
  CPUS('c', "CPUs"),
  /** allocated/idle/other/total CPUs; its total stands in for CPUS when a listing lacks that. */
  CPUS_STATE('C', "CPUsState"),
  MEMORY('m', "Memory"),
  GRES('G', "Gres"),
  GRES_USED(null, "GresUsed"),
  STATE_COMPACT('t', "StateCompact"),
  STATE_LONG('T', "StateLong"),
  PARTITION('P', "Partition"),
  TIME_LIMIT('l', "Time"),
  FEATURES('f', "Features"),
  /** Why a node is drained or down; free text that may hold '|', so listings put it last. */
  REASON('E', "Reason");

  private final SlurmColumn column;

  SinfoField(Character letter, String name) {
    this.column = new SlurmColumn(letter, name);
  }

  SlurmColumn column() {
    return column;
  }
}
