package io.examlops.fleet.placement;

/**
 * Which ACTIVE cluster should run a job, and why.
 *
 * @param gpus GPUs in total; 0 for a CPU-only job
 * @param nodes at most this many nodes; {@code null}: as few as possible
 * @param gpuType only GPUs of this type; {@code null}: any
 * @param partition only this partition or queue; {@code null}: the best-fitting one
 */
public record PlaceRequest(int gpus, Integer nodes, String gpuType, String partition) {}
