package io.examlops.fleet.scheduler.flux;

/**
 * One bound of a Flux job-size limit ({@code policy.limits.job-size.min} or {@code .max}); a {@code
 * null} count is not limited. Flux writes -1 for "unlimited", read here as {@code null}.
 */
public record FluxJobSize(Integer nnodes, Integer ncores, Integer ngpus) {
  public static final FluxJobSize NONE = new FluxJobSize(null, null, null);

  /** Each count set here, else the one in {@code fallback} (a queue's own limits win). */
  FluxJobSize over(FluxJobSize fallback) {
    return new FluxJobSize(
        nnodes != null ? nnodes : fallback.nnodes,
        ncores != null ? ncores : fallback.ncores,
        ngpus != null ? ngpus : fallback.ngpus);
  }
}
