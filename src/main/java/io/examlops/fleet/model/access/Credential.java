package io.examlops.fleet.model.access;

/**
 * What a console session stands on: a user, its role, and the stamp its credential had when it
 * signed in. Removing the user, or changing its role or password, gives it a new stamp (or none),
 * and every session made on the old one ends at its next request, in whichever process made the
 * change. A user of the console's LDAP directory has no stamp in platform.db: what its session
 * stands on is what the directory says of its groups, asked again while it lasts. A user the OpenID
 * Provider signed in has none either: its session stands on the ID token it signed in with.
 *
 * @param stamp random, replaced at each change of the user's role or password (a directory user's:
 *     random per sign-in)
 * @param mustChangePassword the user signed in with a one-time password (the first admin's) and may
 *     do nothing but choose its own
 * @param origin who vouched for the user at sign-in: platform.db, the LDAP directory, or the OpenID
 *     Provider
 */
public record Credential(
    String user, Role role, String stamp, boolean mustChangePassword, Origin origin) {
  /** Who vouched for a user at sign-in. */
  public enum Origin {
    /** A local user of platform.db, with its password there. */
    LOCAL,
    /**
     * A user of the console's LDAP directory, with its password there; its role from its groups
     * there, asked again while its session lasts.
     */
    DIRECTORY,
    /**
     * A user the console's OpenID Provider signed in; its role from the ID token's groups claim, as
     * it was at sign-in, for no longer than that ID token's life.
     */
    PROVIDER
  }

  /** A local user's. */
  public Credential(String user, Role role, String stamp, boolean mustChangePassword) {
    this(user, role, stamp, mustChangePassword, Origin.LOCAL);
  }

  /** Whether the LDAP directory signed the user in. */
  public boolean directory() {
    return origin == Origin.DIRECTORY;
  }

  @Override
  public String toString() {
    return "Credential[user="
        + user
        + ", role="
        + role
        + (origin == Origin.LOCAL ? "" : ", " + origin.name().toLowerCase(java.util.Locale.ROOT))
        + "]";
  }
}
