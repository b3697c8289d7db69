package io.examlops.fleet.model.access;

import java.util.EnumSet;
import java.util.Set;

/**
 * A live token as it may be used now: its scopes, within what its owner's role allows today (a
 * token made when its owner was an admin holds no admin scope once the owner is a viewer).
 */
public record TokenGrant(ApiToken token, Role ownerRole) {
  /** The scopes the token may use now. */
  public Set<TokenScope> scopes() {
    Set<TokenScope> scopes = EnumSet.noneOf(TokenScope.class);
    scopes.addAll(token.scopes());
    scopes.retainAll(ownerRole.tokenScopes());
    return scopes;
  }
}
