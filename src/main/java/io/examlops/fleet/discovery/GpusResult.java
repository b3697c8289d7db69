package io.examlops.fleet.discovery;

import io.examlops.fleet.model.GpuInfo;
import java.util.List;

/** GPU devices of a host (docs/cli.md, {@code hpc gpus}). */
public record GpusResult(String target, List<GpuInfo> gpus) {}
