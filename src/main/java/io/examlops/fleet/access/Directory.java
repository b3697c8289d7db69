package io.examlops.fleet.access;

import io.examlops.fleet.model.access.Role;
import java.util.List;
import java.util.Optional;

/**
 * Where users that are not the console's own are known: a directory that checks their password and
 * says which of the console's groups they are in. The console's edge to it ({@link LdapDirectory});
 * every failure to ask it is a {@link DirectoryUnavailable}, never an empty answer, so that a
 * directory that cannot be asked never reads as "no such user" or "no group".
 */
interface Directory {
  /**
   * A user as the directory has it.
   *
   * @param name the name as the directory spells it (its entry's attribute)
   * @param role what its groups map to now; {@code null} when it is in none of the console's groups
   * @param groups the console's groups it is in (their DNs as the settings give them)
   */
  record Entry(String name, Role role, List<String> groups) {
    public Entry {
      groups = List.copyOf(groups);
    }
  }

  /**
   * The user this name and password sign in as: its entry found with the console's own bind, then
   * bound with the password given, its groups read with the console's bind again.
   *
   * @param password never empty (an empty one is an anonymous bind, which every directory allows)
   * @return empty for an unknown name or a wrong password alike
   * @throws DirectoryUnavailable when the directory cannot be asked
   */
  Optional<Entry> authenticate(String name, char[] password);

  /**
   * What the directory says of this user now, asked with the console's own bind.
   *
   * @return empty when the directory has no such user
   * @throws DirectoryUnavailable when the directory cannot be asked
   */
  Optional<Entry> lookUp(String name);

  /**
   * What keeps the directory from being used as set (it cannot be reached, refuses the console's
   * bind, a group does not exist), in words; empty when all is well.
   */
  List<String> problems();

  /** The directory in a few words, for messages: {@code ldaps://ldap.example.org:636}. */
  String describe();

  /** The DNs of the groups whose members are admins. */
  List<String> adminGroups();

  /** The DNs of the groups whose members are viewers. */
  List<String> viewerGroups();
}
