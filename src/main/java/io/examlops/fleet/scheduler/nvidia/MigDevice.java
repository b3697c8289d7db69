package io.examlops.fleet.scheduler.nvidia;

/**
 * One MIG instance carved out of a MIG-enabled GPU. Which fields are known depends on where it was
 * read: {@code nvidia-smi -L} gives the profile and UUID, {@code nvidia-smi -q -x} the instance ids
 * and memory. Unknown fields are {@code null}.
 *
 * <p>The UUID keeps the driver's own spelling: {@code MIG-GPU-<gpu-uuid>/<gi>/<ci>} on drivers
 * before R470, {@code MIG-<uuid>} since. Either form is what {@code CUDA_VISIBLE_DEVICES} accepts
 * on the driver that printed it, so it is never rewritten.
 *
 * @param parentIndex index of the physical GPU
 * @param parentUuid UUID of the physical GPU
 * @param deviceIndex the MIG device index on that GPU ({@code Device 0})
 * @param profile the profile name, e.g. {@code 3g.40gb}
 * @param uuid the MIG device UUID
 * @param gpuInstanceId GPU instance id (GI)
 * @param computeInstanceId compute instance id (CI)
 * @param memoryTotalMib memory of the instance
 * @param memoryUsedMib memory in use in the instance
 */
public record MigDevice(
    int parentIndex,
    String parentUuid,
    int deviceIndex,
    String profile,
    String uuid,
    Integer gpuInstanceId,
    Integer computeInstanceId,
    Long memoryTotalMib,
    Long memoryUsedMib) {

  /** Whether two readings describe the same instance (same GPU, same device index). */
  boolean sameDevice(MigDevice other) {
    return parentIndex == other.parentIndex && deviceIndex == other.deviceIndex;
  }

  /** Combines two readings of the same instance, preferring this one's known fields. */
  MigDevice mergedWith(MigDevice other) {
    return new MigDevice(
        parentIndex,
        parentUuid != null ? parentUuid : other.parentUuid,
        deviceIndex,
        profile != null ? profile : other.profile,
        uuid != null ? uuid : other.uuid,
        gpuInstanceId != null ? gpuInstanceId : other.gpuInstanceId,
        computeInstanceId != null ? computeInstanceId : other.computeInstanceId,
        memoryTotalMib != null ? memoryTotalMib : other.memoryTotalMib,
        memoryUsedMib != null ? memoryUsedMib : other.memoryUsedMib);
  }
}
