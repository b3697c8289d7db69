package io.examlops.fleet.model;

import java.util.Objects;

/**
 * One GPU device as the driver reports it. Figures the driver could not give ({@code [N/A]}, {@code
 * [Not Supported]}) are {@code null}, never 0.
 *
 * @param host the host the device is on ({@code null} when probed locally without a name)
 * @param index the driver's index
 * @param uuid the device UUID (a MIG device's own UUID for MIG instances)
 * @param model marketing name, e.g. {@code NVIDIA A100-SXM4-80GB}
 * @param memoryTotalMib total framebuffer memory
 * @param memoryUsedMib used framebuffer memory
 * @param utilizationPercent GPU utilization; {@code null} where unavailable (MIG, old drivers)
 * @param online whether the device answers normally
 * @param migMode whether MIG is enabled on the device
 */
public record GpuInfo(
    String host,
    int index,
    String uuid,
    String model,
    Long memoryTotalMib,
    Long memoryUsedMib,
    Integer utilizationPercent,
    boolean online,
    boolean migMode) {

  public GpuInfo {
    Objects.requireNonNull(model, "model");
  }

  public GpuInfo withHost(String newHost) {
    return new GpuInfo(
        newHost,
        index,
        uuid,
        model,
        memoryTotalMib,
        memoryUsedMib,
        utilizationPercent,
        online,
        migMode);
  }
}
