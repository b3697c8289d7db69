package io.examlops.fleet.model.access;

/**
 * What a console session stands on: a user, its role, and the stamp its credential had when it
 * signed in. Removing the user, or changing its role or password, gives it a new stamp (or none),
 * and every session made on the old one ends at its next request, in whichever process made the
 * change. A user of the console's LDAP directory has no stamp in platform.db: what its session
 * stands on is what the directory says of its groups, asked again while it lasts.
 *
 * @param stamp random, replaced at each change of the user's role or password (a directory user's:
 *     random per sign-in)
 * @param mustChangePassword the user signed in with a one-time password (the first admin's) and may
 *     do nothing but choose its own
 * @param directory the user signed in with the directory's password, its role from its groups
 *     there; {@code false} for a local user of platform.db
 */
public record Credential(
    String user, Role role, String stamp, boolean mustChangePassword, boolean directory) {
  /** A local user's. */
  public Credential(String user, Role role, String stamp, boolean mustChangePassword) {
    this(user, role, stamp, mustChangePassword, false);
  }

  @Override
  public String toString() {
    return "Credential[user=" + user + ", role=" + role + (directory ? ", directory" : "") + "]";
  }
}
