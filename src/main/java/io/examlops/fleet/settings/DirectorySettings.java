package io.examlops.fleet.settings;

import java.net.URI;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;

/**
 * The LDAP directory the console signs users in against ({@code exa console --ldap FILE}), as its
 * settings file said, checked when the console starts (the surface reads and checks the file). A
 * name that is not a local user's is looked up in the directory, bound with its own password, and
 * given the role its groups map to; the directory is asked again while its session lasts.
 *
 * @param file the settings file, named in messages
 * @param url {@code ldaps://HOST:PORT} or {@code ldap://HOST:PORT}, the port always given
 * @param startTls upgrade an {@code ldap://} connection with StartTLS before any bind
 * @param trusted the certificates (a CA's, or the directory's own) the directory's certificate must
 *     chain to; empty: the Java runtime's trusted CAs
 * @param bindDn the console's own entry, bound to search users and groups (never a user's password)
 * @param bindPassword its password, from a file or the environment, never the settings file
 * @param userBase the subtree users are searched in
 * @param userFilter what a user's entry is, ANDed with {@code (userAttribute=NAME)}
 * @param userAttribute the attribute holding the name a user signs in with ({@code uid})
 * @param membership how a group names its members
 * @param adminGroups the DNs of the groups whose members are admins
 * @param viewerGroups the DNs of the groups whose members are viewers (an admin group wins)
 * @param checkInterval how long the directory's answer about a signed-in user stands for reads;
 *     decisions and every other change always ask again
 * @param timeout the longest wait to connect and for each answer
 */
public record DirectorySettings(
    Path file,
    URI url,
    boolean startTls,
    List<X509Certificate> trusted,
    String bindDn,
    Secret bindPassword,
    String userBase,
    String userFilter,
    String userAttribute,
    Membership membership,
    List<String> adminGroups,
    List<String> viewerGroups,
    Duration checkInterval,
    Duration timeout) {
  public DirectorySettings {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(url, "url");
    trusted = List.copyOf(trusted);
    Objects.requireNonNull(bindDn, "bindDn");
    Objects.requireNonNull(bindPassword, "bindPassword");
    Objects.requireNonNull(userBase, "userBase");
    Objects.requireNonNull(userFilter, "userFilter");
    Objects.requireNonNull(userAttribute, "userAttribute");
    Objects.requireNonNull(membership, "membership");
    adminGroups = List.copyOf(adminGroups);
    viewerGroups = List.copyOf(viewerGroups);
    Objects.requireNonNull(checkInterval, "checkInterval");
    Objects.requireNonNull(timeout, "timeout");
  }

  /** How a group entry names its members. */
  public enum Membership {
    /** {@code member}: the DN of each member ({@code groupOfNames}). */
    MEMBER("member", true),
    /** {@code uniqueMember}: the DN of each member ({@code groupOfUniqueNames}). */
    UNIQUE_MEMBER("uniqueMember", true),
    /** {@code memberUid}: the name of each member ({@code posixGroup}). */
    MEMBER_UID("memberUid", false);

    private final String attribute;
    private final boolean byDn;

    Membership(String attribute, boolean byDn) {
      this.attribute = attribute;
      this.byDn = byDn;
    }

    /** The group's attribute that lists its members. */
    public String attribute() {
      return attribute;
    }

    /** Whether a member is named by its entry's DN (else by its user name). */
    public boolean byDn() {
      return byDn;
    }

    /** The membership a settings file's word names; {@code null} for another word. */
    public static Membership of(String word) {
      for (Membership m : values()) {
        if (m.attribute.toLowerCase(Locale.ROOT).equals(word.toLowerCase(Locale.ROOT))) {
          return m;
        }
      }
      return null;
    }
  }

  /** An attribute's name, as LDAP spells one: a descriptor ({@code uid}) or an OID. */
  public static final Pattern ATTRIBUTE =
      Pattern.compile("[A-Za-z][A-Za-z0-9-]{0,63}|[0-9]+(\\.[0-9]+)+");

  /**
   * How many parts (RDNs) the distinguished name {@code text} has ({@code
   * cn=hpc-admins,ou=groups,dc=example,dc=org}: 4); -1 when it is not a DN of {@code
   * attribute=value} parts.
   */
  public static int dnParts(String text) {
    try {
      LdapName name = new LdapName(text);
      boolean attributes =
          name.getRdns().stream().allMatch(r -> ATTRIBUTE.matcher(r.getType()).matches());
      return name.isEmpty() || !attributes ? -1 : name.size();
    } catch (InvalidNameException e) {
      return -1;
    }
  }

  /** Whether the connection is TLS from its first byte ({@code ldaps://}). */
  public boolean ldaps() {
    return "ldaps".equals(url.getScheme());
  }

  /** Whether every bind goes over TLS (LDAPS or StartTLS). */
  public boolean tls() {
    return ldaps() || startTls;
  }

  /** The directory in a few words: {@code ldap://host:389 (StartTLS)}. */
  public String describe() {
    return url + (startTls ? " (StartTLS)" : "") + (tls() ? "" : " (no TLS: loopback only)");
  }

  @Override
  public String toString() {
    return "DirectorySettings[" + describe() + ", bindDn=" + bindDn + ", password hidden]";
  }
}
