package io.examlops.fleet.access;

/**
 * Values put into LDAP search filters, escaped as RFC 4515 says: a name typed at the sign-in form
 * (or a DN the directory returned) is one assertion value, never filter syntax. {@code *)(uid=*} is
 * searched for as those seven characters, not as "any user".
 */
final class LdapFilters {
  private LdapFilters() {}

  /**
   * The value with {@code \ * ( )} and NUL written as {@code \5c \2a \28 \29 \00}; every other
   * character stands for itself (a filter is UTF-8).
   */
  static String escape(String value) {
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\5c");
        case '*' -> out.append("\\2a");
        case '(' -> out.append("\\28");
        case ')' -> out.append("\\29");
        case '\0' -> out.append("\\00");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** {@code (attribute=value)}, the value escaped. */
  static String equality(String attribute, String value) {
    return "(" + attribute + "=" + escape(value) + ")";
  }

  /** {@code (&filter(attribute=value))}: entries that match both. */
  static String and(String filter, String equality) {
    return "(&" + filter + equality + ")";
  }
}
