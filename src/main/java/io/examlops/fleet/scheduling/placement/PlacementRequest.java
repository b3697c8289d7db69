package io.examlops.fleet.scheduling.placement;

/**
 * What a job asks for: {@code exa hpc place --gpus N [--nodes M] [--gpu-type T] [--partition P]}.
 *
 * @param gpus GPUs in total, at least 1
 * @param nodes at most this many nodes may hold them; {@code null}: as few as possible
 * @param gpuType a GPU type (e.g. {@code a100}, matched case-insensitively); {@code null}: any
 * @param partition a Slurm partition or Flux queue; {@code null}: whichever fits best
 */
public record PlacementRequest(int gpus, Integer nodes, String gpuType, String partition) {

  public PlacementRequest {
    if (gpus < 1) {
      throw new IllegalArgumentException("--gpus must be at least 1, got " + gpus);
    }
    if (nodes != null && nodes < 1) {
      throw new IllegalArgumentException("--nodes must be at least 1, got " + nodes);
    }
    gpuType = blankToNull(gpuType);
    partition = blankToNull(partition);
  }

  public static PlacementRequest gpus(int gpus) {
    return new PlacementRequest(gpus, null, null, null);
  }

  /** How many nodes may hold the GPUs: the asked count, else any number. */
  int nodeLimit() {
    return nodes == null ? Integer.MAX_VALUE : nodes;
  }

  /** {@code 4 GPUs}, {@code 4 a100 GPUs}. */
  String gpusWords(int count) {
    return count + (gpuType == null ? "" : " " + gpuType) + (count == 1 ? " GPU" : " GPUs");
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
