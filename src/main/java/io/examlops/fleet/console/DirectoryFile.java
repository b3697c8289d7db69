package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.settings.DirectorySettings;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.settings.Variables;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the console's LDAP settings file ({@code exa console --ldap FILE}) into {@link
 * DirectorySettings}, once, when the console starts: every problem is refused then, naming the
 * file, the key and what it should hold. The file holds no secret: the console's bind password
 * comes from a file of its own (owner-only) or from {@value Variables#CONSOLE_LDAP_BIND_PASSWORD}.
 * It decides who is an admin, so a file others than its owner may write is refused.
 */
final class DirectoryFile {
  static final String PASSWORD_VARIABLE = Variables.CONSOLE_LDAP_BIND_PASSWORD;

  private static final Set<String> KEYS =
      Set.of(
          "url",
          "startTls",
          "caCertificate",
          "bindDn",
          "bindPasswordFile",
          "userBase",
          "userFilter",
          "userAttribute",
          "membership",
          "roles",
          "checkInterval",
          "timeout");
  private static final long MAX_CERTIFICATE_BYTES = 1024 * 1024;
  private static final Pattern ATTRIBUTE = DirectorySettings.ATTRIBUTE;

  static final Duration DEFAULT_CHECK = Duration.ofSeconds(60);
  static final Duration MAX_CHECK = Duration.ofHours(1);
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
  static final Duration MAX_TIMEOUT = Duration.ofSeconds(60);

  private final Path file;
  private final SettingsYaml yaml;

  private DirectoryFile(Path file) {
    this.file = file;
    this.yaml = new SettingsYaml(file, "the directory settings", "Sign in with LDAP");
  }

  /**
   * The settings the file holds, with the bind password from {@code env} or the file it names.
   *
   * @throws FleetException (invalid request) naming the file, the key and the fix
   */
  static DirectorySettings read(Path file, Map<String, String> env) {
    return new DirectoryFile(file).read(env);
  }

  private DirectorySettings read(Map<String, String> env) {
    JsonNode root =
        yaml.root(
            "that says how to reach the LDAP directory", "url: ldaps://ldap.example.org", KEYS);
    boolean startTls = yaml.bool(root, "startTls");
    URI url = url(yaml.text(root, "url", "ldaps://ldap.example.org"), startTls);
    List<X509Certificate> trusted =
        root.has("caCertificate")
            ? certificates(yaml.path(root, "caCertificate", "/etc/examlops/ldap-ca.pem"))
            : List.of();
    String bindDn =
        dn("bindDn", yaml.text(root, "bindDn", "cn=hpc-console,ou=services,dc=example,dc=org"));
    Secret password = bindPassword(root, env);
    String userBase = dn("userBase", yaml.text(root, "userBase", "ou=people,dc=example,dc=org"));
    String userFilter = filter(yaml.optionalText(root, "userFilter", "(objectClass=*)"));
    String userAttribute =
        attribute("userAttribute", yaml.optionalText(root, "userAttribute", "uid"));
    String membershipWord = yaml.optionalText(root, "membership", "member");
    DirectorySettings.Membership membership = DirectorySettings.Membership.of(membershipWord);
    if (membership == null) {
      throw invalid(
          "membership",
          "is "
              + Printable.quoted(membershipWord)
              + ": give member (groupOfNames),"
              + " uniqueMember (groupOfUniqueNames) or memberUid (posixGroup)");
    }
    SettingsYaml.Roles roles =
        yaml.roles(
            root,
            "the DNs of directory groups, e.g. roles: {admin:"
                + " 'cn=hpc-admins,ou=groups,dc=example,dc=org', viewer:"
                + " 'cn=hpc-users,ou=groups,dc=example,dc=org'}",
            "[cn=hpc-admins,ou=groups,dc=example,dc=org]",
            this::group);
    return new DirectorySettings(
        file,
        url,
        startTls,
        trusted,
        bindDn,
        password,
        userBase,
        userFilter,
        userAttribute,
        membership,
        roles.admin(),
        roles.viewer(),
        yaml.seconds(root, "checkInterval", DEFAULT_CHECK, Duration.ZERO, MAX_CHECK),
        yaml.seconds(root, "timeout", DEFAULT_TIMEOUT, Duration.ofSeconds(1), MAX_TIMEOUT));
  }

  private URI url(String text, boolean startTls) {
    URI url = yaml.url("url", text, "ldaps://HOST[:PORT]");
    String scheme = SettingsYaml.scheme(url);
    if (!scheme.equals("ldap") && !scheme.equals("ldaps")) {
      throw invalid(
          "url",
          "is "
              + Printable.quoted(text)
              + ": give ldaps://HOST[:PORT], or ldap://HOST[:PORT] with startTls: true");
    }
    if (url.getHost() == null
        || url.getUserInfo() != null
        || (url.getRawPath() != null
            && !url.getRawPath().isEmpty()
            && !url.getRawPath().equals("/"))
        || url.getRawQuery() != null
        || url.getRawFragment() != null) {
      throw invalid(
          "url",
          "is "
              + Printable.quoted(text)
              + ": give the scheme, the host and the port only, e.g."
              + " ldaps://ldap.example.org:636 (the base DNs have keys of their own)");
    }
    boolean ldaps = scheme.equals("ldaps");
    if (ldaps && startTls) {
      throw invalid(
          "startTls",
          "is true with an ldaps:// url, which is TLS already: remove startTls, or use ldap://"
              + " with it");
    }
    if (!ldaps && !startTls && !loopback(url.getHost())) {
      throw invalid(
          "url",
          "is "
              + Printable.quoted(text)
              + " without startTls: passwords would cross the network in"
              + " clear. Use ldaps://"
              + url.getHost()
              + ", or set startTls: true (plain ldap:// is"
              + " accepted for a directory on this machine's loopback only)");
    }
    int port = url.getPort() > 0 ? url.getPort() : ldaps ? 636 : 389;
    try {
      return new URI(scheme, null, url.getHost(), port, null, null, null);
    } catch (URISyntaxException e) {
      throw invalid("url", "is not a URL (" + e.getReason() + ")");
    }
  }

  /** A host that is this machine's loopback, said literally (no name is resolved for it). */
  static boolean loopback(String host) {
    String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    return h.equalsIgnoreCase("localhost")
        || h.equals("::1")
        || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
  }

  private String dn(String key, String text) {
    if (DirectorySettings.dnParts(text) < 1) {
      throw invalid(
          key,
          "is "
              + Printable.quoted(text)
              + ", not a distinguished name: give e.g. ou=people,dc=example,dc=org");
    }
    return text;
  }

  private String filter(String text) {
    int depth = 0;
    boolean balanced = text.startsWith("(") && text.endsWith(")");
    for (int i = 0; i < text.length() && balanced; i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
        balanced = depth > 0 || i == text.length() - 1;
      }
    }
    if (!balanced || depth != 0) {
      throw invalid(
          "userFilter",
          "is "
              + Printable.quoted(text)
              + ": give one LDAP filter in parentheses, e.g."
              + " (objectClass=inetOrgPerson)");
    }
    return text;
  }

  private String attribute(String key, String text) {
    if (!ATTRIBUTE.matcher(text).matches()) {
      throw invalid(key, "is " + Printable.quoted(text) + ", not an attribute name: give e.g. uid");
    }
    return text;
  }

  /**
   * A group's DN: never a single RDN, which is what a DN becomes in a YAML list written {@code [a,
   * b]} without quotes (its commas split the items).
   */
  private String group(String key, String text) {
    String dn = dn(key, text);
    if (DirectorySettings.dnParts(dn) < 2) {
      throw invalid(
          key,
          "holds "
              + Printable.quoted(dn)
              + ", a DN of one part: give a group's full DN, e.g."
              + " cn=hpc-admins,ou=groups,dc=example,dc=org (in a YAML list written [a, b], quote"
              + " each DN: its commas split the items)");
    }
    return dn;
  }

  private Secret bindPassword(JsonNode root, Map<String, String> env) {
    String fromEnv = env.get(PASSWORD_VARIABLE);
    boolean inEnv = fromEnv != null && !fromEnv.isEmpty();
    if (root.has("bindPasswordFile")) {
      if (inEnv) {
        throw invalid(
            "bindPasswordFile",
            "is given and " + PASSWORD_VARIABLE + " is set too: keep one of them");
      }
      return yaml.secretFile(
          "bindPasswordFile",
          yaml.path(root, "bindPasswordFile", "/etc/examlops/ldap-bind-password"),
          "the password of bindDn");
    }
    if (!inEnv) {
      throw invalid(
          "bindPasswordFile",
          "is missing and "
              + PASSWORD_VARIABLE
              + " is not set: the password of bindDn comes from"
              + " one of them (never from this file or the command line)");
    }
    return Secret.of(fromEnv);
  }

  private List<X509Certificate> certificates(Path pem) {
    if (!Files.isRegularFile(pem)) {
      throw invalid(
          "caCertificate",
          "names "
              + pem
              + ", which is not a regular file: give the PEM file of the CA (or the"
              + " directory's own certificate) the directory's certificate is checked against");
    }
    try (InputStream in = Files.newInputStream(pem)) {
      if (Files.size(pem) > MAX_CERTIFICATE_BYTES) {
        throw invalid("caCertificate", "names " + pem + ", which is larger than certificates are");
      }
      List<X509Certificate> certificates = new ArrayList<>();
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        if (c instanceof X509Certificate x) {
          certificates.add(x);
        }
      }
      if (certificates.isEmpty()) {
        throw new CertificateException("no certificate in it");
      }
      return certificates;
    } catch (IOException | CertificateException e) {
      throw invalid(
          "caCertificate",
          "names "
              + pem
              + ", which holds no certificate that can be read ("
              + e.getMessage()
              + "): give a PEM file (-----BEGIN CERTIFICATE-----)");
    }
  }

  private FleetException invalid(String key, String problem) {
    return yaml.invalid(key, problem);
  }
}
