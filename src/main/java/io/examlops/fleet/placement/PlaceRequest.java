package io.examlops.fleet.placement;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.GpuAsk;

/**
 * Where a job should run, and why: {@code exa hpc place --gpus N [--nodes M] [--gpu-type T]
 * [--partition P] [--cluster C]}.
 *
 * @param gpus GPUs in total; 0 for a CPU-only job (no GPU is asked of the scheduler)
 * @param nodes at most this many nodes may hold them; {@code null}: as few as possible
 * @param gpuType a GPU type (e.g. {@code a100}, matched case-insensitively); {@code null}: any
 * @param partition a Slurm partition or Flux queue; {@code null}: whichever fits best
 * @param cluster only this cluster (which must be able to take work now): the partition a job
 *     should go to there; {@code null}: every ACTIVE cluster
 */
public record PlaceRequest(
    int gpus, Integer nodes, String gpuType, String partition, String cluster) {

  public PlaceRequest {
    GpuAsk.of(gpus, nodes);
    gpuType = blankToNull(gpuType);
    partition = blankToNull(partition);
    cluster = blankToNull(cluster);
    if (cluster != null) {
      ClusterName.require(cluster);
    }
  }

  /** {@code gpus} GPUs anywhere, on as few nodes as fit. */
  public static PlaceRequest gpus(int gpus) {
    return new PlaceRequest(gpus, null, null, null, null);
  }

  /** The same ask, inside one cluster. */
  public PlaceRequest in(String clusterName) {
    return new PlaceRequest(gpus, nodes, gpuType, partition, clusterName);
  }

  /** What is asked, as the one rule for GPUs and nodes holds it. */
  public GpuAsk ask() {
    return GpuAsk.of(gpus, nodes);
  }

  /** A job that asks for no GPUs ({@link GpuAsk#cpuOnly}). */
  public boolean cpuOnly() {
    return ask().cpuOnly();
  }

  /** How many nodes may hold the GPUs ({@link GpuAsk#nodeLimit}). */
  public int nodeLimit() {
    return ask().nodeLimit();
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
