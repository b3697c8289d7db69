package io.examlops.fleet.model.access;

import io.examlops.fleet.model.FleetException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** What a console user may do: admins approve, reject and manage access; viewers only read. */
public enum Role {
  ADMIN,
  VIEWER;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * What a signed-in user of this role may do: an admin reads, submits and administers. No session
   * decides on behalf of someone else: a person signed in decides as themselves.
   */
  public Set<TokenScope> sessionScopes() {
    return this == ADMIN
        ? EnumSet.complementOf(EnumSet.of(TokenScope.ON_BEHALF))
        : EnumSet.of(TokenScope.READ);
  }

  /**
   * The most a token its user owns may hold: the admin and on-behalf scopes are an admin's only
   * (the on-behalf one lets a Jenkins controller record the admin who clicked), while a viewer's
   * token may also submit (a pipeline's agent is such a user: it reads and records its own jobs,
   * and decides nothing). A token holds what it was given and its owner's role still allows, at
   * creation and at every use.
   */
  public Set<TokenScope> tokenScopes() {
    return this == ADMIN
        ? EnumSet.allOf(TokenScope.class)
        : EnumSet.of(TokenScope.READ, TokenScope.SUBMIT);
  }

  /** Refuses scopes beyond {@link #tokenScopes()} for a token {@code owner} (of this role) owns. */
  public void requireTokenScopes(String owner, Set<TokenScope> scopes) {
    Set<TokenScope> beyond = EnumSet.noneOf(TokenScope.class);
    beyond.addAll(scopes);
    beyond.removeAll(tokenScopes());
    if (!beyond.isEmpty()) {
      throw FleetException.invalid(
          "user '"
              + owner
              + "' is "
              + (this == ADMIN ? "an " : "a ")
              + label()
              + ": a token it owns may hold "
              + labels(tokenScopes())
              + ", not "
              + labels(beyond)
              + "; give the token to an admin, or fewer scopes",
          "scopes");
    }
  }

  private static String labels(Set<TokenScope> scopes) {
    return EnumSet.copyOf(scopes).stream()
        .map(TokenScope::label)
        .collect(Collectors.joining(" and "));
  }

  /** The role a label names, or an error that lists the roles. */
  public static Role parse(String label) {
    return Arrays.stream(values())
        .filter(
            r -> r.label().equals(label == null ? null : label.strip().toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                FleetException.invalid(
                    "role "
                        + io.examlops.fleet.model.Printable.quoted(label)
                        + " is not a role: use admin or viewer"));
  }
}
