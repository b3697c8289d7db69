package io.examlops.fleet.model;

import java.time.Instant;

/**
 * One entry of the audit trail.
 *
 * @param id its sequence number (increasing)
 * @param at when it happened
 * @param actor who did it
 * @param surface the surface they acted through ({@code cli}, {@code console}, ...); {@code null}
 *     for events recorded before surfaces were
 * @param action what was done: register, approve, reject, probe, snapshot
 * @param cluster the cluster it concerns
 * @param detailsJson what changed, as a JSON object
 */
public record AuditEvent(
    long id,
    Instant at,
    String actor,
    String surface,
    String action,
    String cluster,
    String detailsJson) {}
