package io.examlops.fleet.model.access;

import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.TokenLimits;
import java.time.Instant;
import java.util.Set;

/**
 * An API token as stored: its secret is kept only as a hash, so a listed token cannot be used.
 *
 * @param id short public identifier, also the secret's prefix (to revoke one by name)
 * @param limits what it may use ({@link TokenLimits#NONE}: what its scopes allow)
 * @param lastUsedAt {@code null} when never used; recorded at most once a minute
 * @param revokedAt {@code null} while the token may be used
 */
public record ApiToken(
    String id,
    String name,
    String owner,
    Set<TokenScope> scopes,
    TokenLimits limits,
    Instant createdAt,
    String createdBy,
    Instant lastUsedAt,
    Instant revokedAt,
    String revokedBy) {
  public ApiToken {
    scopes = Set.copyOf(scopes);
    limits = limits == null ? TokenLimits.NONE : limits;
  }

  /** The token as the requests made with it act: its id, name and limits. */
  public ActingToken acting() {
    return new ActingToken(id, name, limits);
  }

  public boolean revoked() {
    return revokedAt != null;
  }

  public boolean allows(TokenScope scope) {
    return !revoked() && scopes.contains(scope);
  }
}
