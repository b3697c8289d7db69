package io.examlops.fleet.discovery;

import java.util.List;

/**
 * What a refresh of every schedulable cluster's snapshot could not do.
 *
 * @param notes one line per cluster that could not be refreshed, in words
 */
public record RefreshResult(List<String> notes) {}
