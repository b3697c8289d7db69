package io.examlops.fleet.console;

import io.examlops.fleet.model.access.Role;
import java.time.Instant;

/**
 * A signed-in user's session, held in memory only (a restart signs everyone out).
 *
 * @param csrf the token every form and state-changing request of this session must carry
 */
record Session(String id, String user, Role role, String csrf, Instant createdAt) {}
