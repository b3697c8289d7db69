package io.examlops.fleet.model.access;

import java.time.Instant;
import java.util.Set;

/**
 * An API token as stored: its secret is kept only as a hash, so a listed token cannot be used.
 *
 * @param id short public identifier, also the secret's prefix (to revoke one by name)
 * @param lastUsedAt {@code null} when never used; recorded at most once a minute
 * @param revokedAt {@code null} while the token may be used
 */
public record ApiToken(
    String id,
    String name,
    String owner,
    Set<TokenScope> scopes,
    Instant createdAt,
    String createdBy,
    Instant lastUsedAt,
    Instant revokedAt,
    String revokedBy) {
  public ApiToken {
    scopes = Set.copyOf(scopes);
  }

  public boolean revoked() {
    return revokedAt != null;
  }

  public boolean allows(TokenScope scope) {
    return !revoked() && scopes.contains(scope);
  }
}
