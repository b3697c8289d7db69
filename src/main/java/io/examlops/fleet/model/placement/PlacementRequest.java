package io.examlops.fleet.model.placement;

/**
 * What a job asks for: {@code exa hpc place --gpus N [--nodes M] [--gpu-type T] [--partition P]}.
 *
 * @param gpus GPUs in total; 0 for a CPU-only job (no GPU is asked of the scheduler)
 * @param nodes at most this many nodes may hold them; {@code null}: as few as possible
 * @param gpuType a GPU type (e.g. {@code a100}, matched case-insensitively); {@code null}: any
 * @param partition a Slurm partition or Flux queue; {@code null}: whichever fits best
 */
public record PlacementRequest(int gpus, Integer nodes, String gpuType, String partition) {

  public PlacementRequest {
    if (gpus < 0) {
      throw new IllegalArgumentException("GPUs must be 0 (a CPU-only job) or more, got " + gpus);
    }
    if (nodes != null && nodes < 1) {
      throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
    }
    gpuType = blankToNull(gpuType);
    partition = blankToNull(partition);
  }

  public static PlacementRequest gpus(int gpus) {
    return new PlacementRequest(gpus, null, null, null);
  }

  /** A job that asks for no GPUs. */
  public boolean cpuOnly() {
    return gpus == 0;
  }

  /** How many nodes may hold the GPUs: the asked count, else any number. */
  public int nodeLimit() {
    return nodes == null ? Integer.MAX_VALUE : nodes;
  }

  /** What is asked, in words: {@code 4 a100 GPUs}, or {@code a CPU-only job}. */
  public String askWords() {
    return cpuOnly() ? "a CPU-only job" : gpusWords(gpus);
  }

  /** {@code 4 GPUs}, {@code 4 a100 GPUs}. */
  public String gpusWords(int count) {
    return count + (gpuType == null ? "" : " " + gpuType) + (count == 1 ? " GPU" : " GPUs");
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
