package io.examlops.fleet.model.access;

/**
 * What a console session stands on: a user, its role, and the stamp its credential had when it
 * signed in. Removing the user, or changing its role or password, gives it a new stamp (or none),
 * and every session made on the old one ends at its next request, in whichever process made the
 * change.
 *
 * @param stamp random, replaced at each change of the user's role or password
 * @param mustChangePassword the user signed in with a one-time password (the first admin's) and may
 *     do nothing but choose its own
 */
public record Credential(String user, Role role, String stamp, boolean mustChangePassword) {
  @Override
  public String toString() {
    return "Credential[user=" + user + ", role=" + role + "]";
  }
}
