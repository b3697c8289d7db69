package io.examlops.fleet.model;

import java.time.Instant;

/**
 * One entry of the audit trail.
 *
 * @param id its sequence number (increasing)
 * @param at when it happened
 * @param actor who did it
 * @param action what was done: register, approve, reject, probe, snapshot
 * @param cluster the cluster it concerns
 * @param detailsJson what changed, as a JSON object
 */
public record AuditEvent(
    long id, Instant at, String actor, String action, String cluster, String detailsJson) {}
