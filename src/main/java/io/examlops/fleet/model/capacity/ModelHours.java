package io.examlops.fleet.model.capacity;

/**
 * The GPU-hours of one model's jobs over the fleet.
 *
 * @param model the model the jobs named; {@code null} for the jobs that named none
 */
public record ModelHours(String model, GpuHoursTally hours) {}
