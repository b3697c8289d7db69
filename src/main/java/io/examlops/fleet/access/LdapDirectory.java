package io.examlops.fleet.access;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.settings.DirectorySettings;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import javax.naming.AuthenticationException;
import javax.naming.AuthenticationNotSupportedException;
import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.NoPermissionException;
import javax.naming.OperationNotSupportedException;
import javax.naming.SizeLimitExceededException;
import javax.naming.directory.Attribute;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.naming.ldap.InitialLdapContext;
import javax.naming.ldap.LdapContext;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.StartTlsRequest;
import javax.naming.ldap.StartTlsResponse;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * An LDAP directory through the JDK's own client (JNDI): a connection per question, TLS before any
 * bind (LDAPS, or StartTLS with the certificate checked against the directory's host name),
 * timeouts on connecting and on every answer.
 *
 * <p>A user is found with the console's own bind, by a filter in which the name typed is one
 * escaped value ({@link LdapFilters}); its password is checked by binding as the DN the search
 * returned (never a DN made of what was typed), on a connection of its own; an empty password is
 * refused before the directory is asked, since a bind with a DN and no password is an anonymous
 * one, which succeeds. Its groups are read with the console's bind: one base-object search per
 * group the settings map, for the user's DN (or name) among its members.
 */
final class LdapDirectory implements Directory {
  /** JNDI's own: where a password may go over a connection that is not TLS ("" for nowhere). */
  private static final String MECHANISMS_ALLOWED_IN_CLEAR =
      "jdk.jndi.ldap.mechsAllowedToSendCredentials";

  private final DirectorySettings settings;
  private final SSLSocketFactory tls;

  LdapDirectory(DirectorySettings settings) {
    this.settings = settings;
    this.tls = settings.tls() ? socketFactory(settings.trusted()) : null;
  }

  @Override
  public Optional<Entry> authenticate(String name, char[] password) {
    if (password == null || password.length == 0) {
      return Optional.empty();
    }
    return asService(
        "check the password of " + Printable.quoted(name),
        service -> {
          Optional<Found> found = find(service, name);
          if (found.isEmpty()) {
            return Optional.empty();
          }
          if (!passwordOpens(found.get().dn(), password)) {
            return Optional.empty();
          }
          return Optional.of(entry(service, found.get()));
        });
  }

  @Override
  public Optional<Entry> lookUp(String name) {
    return asService(
        "read the groups of " + Printable.quoted(name),
        service -> {
          Optional<Found> found = find(service, name);
          return found.isEmpty() ? Optional.empty() : Optional.of(entry(service, found.get()));
        });
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>();
    try {
      asService(
          "check its settings",
          service -> {
            exists(service, settings.userBase(), "userBase", problems);
            for (String group : settings.adminGroups()) {
              exists(service, group, "roles.admin", problems);
            }
            for (String group : settings.viewerGroups()) {
              exists(service, group, "roles.viewer", problems);
            }
            return null;
          });
    } catch (DirectoryUnavailable e) {
      problems.add(e.getMessage());
    }
    return problems;
  }

  @Override
  public String describe() {
    return settings.describe();
  }

  @Override
  public List<String> adminGroups() {
    return settings.adminGroups();
  }

  @Override
  public List<String> viewerGroups() {
    return settings.viewerGroups();
  }

  /** A user's entry as the search found it. */
  private record Found(String dn, String name) {}

  private Optional<Found> find(LdapContext service, String name) throws NamingException {
    SearchControls controls = controls(SearchControls.SUBTREE_SCOPE, settings.userAttribute());
    // Two at most: a name that two entries answer to signs nobody in.
    controls.setCountLimit(2);
    String filter =
        LdapFilters.and(
            settings.userFilter(), LdapFilters.equality(settings.userAttribute(), name));
    List<Found> found = new ArrayList<>();
    NamingEnumeration<SearchResult> results =
        service.search(new LdapName(settings.userBase()), filter, controls);
    try {
      while (results.hasMore()) {
        SearchResult result = results.next();
        found.add(new Found(result.getNameInNamespace(), spelling(result, name)));
      }
    } catch (SizeLimitExceededException twoOrMore) {
      return Optional.empty();
    } finally {
      results.close();
    }
    return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
  }

  /** The name as the entry spells it: the attribute's value the name matched. */
  private String spelling(SearchResult result, String name) throws NamingException {
    Attribute values = result.getAttributes().get(settings.userAttribute());
    if (values == null) {
      return name;
    }
    String first = null;
    for (NamingEnumeration<?> all = values.getAll(); all.hasMore(); ) {
      Object value = all.next();
      if (value instanceof String text) {
        if (text.equalsIgnoreCase(name)) {
          return text;
        }
        first = first == null ? text : first;
      }
    }
    return first == null ? name : first;
  }

  private Entry entry(LdapContext service, Found user) throws NamingException {
    List<String> admin = new ArrayList<>();
    for (String group : settings.adminGroups()) {
      if (member(service, group, user)) {
        admin.add(group);
      }
    }
    List<String> viewer = new ArrayList<>();
    for (String group : settings.viewerGroups()) {
      if (member(service, group, user)) {
        viewer.add(group);
      }
    }
    Role role = !admin.isEmpty() ? Role.ADMIN : !viewer.isEmpty() ? Role.VIEWER : null;
    List<String> groups = new ArrayList<>(admin);
    groups.addAll(viewer);
    return new Entry(user.name(), role, groups);
  }

  private boolean member(LdapContext service, String group, Found user) throws NamingException {
    DirectorySettings.Membership membership = settings.membership();
    String filter =
        LdapFilters.equality(membership.attribute(), membership.byDn() ? user.dn() : user.name());
    SearchControls controls = controls(SearchControls.OBJECT_SCOPE);
    controls.setCountLimit(1);
    try {
      NamingEnumeration<SearchResult> results =
          service.search(new LdapName(group), filter, controls);
      try {
        return results.hasMore();
      } finally {
        results.close();
      }
    } catch (NameNotFoundException noSuchGroup) {
      return false;
    }
  }

  private void exists(LdapContext service, String dn, String key, List<String> problems)
      throws NamingException {
    try {
      NamingEnumeration<SearchResult> results =
          service.search(
              new LdapName(dn), "(objectClass=*)", controls(SearchControls.OBJECT_SCOPE));
      results.close();
    } catch (NameNotFoundException e) {
      problems.add(
          "the directory has no entry "
              + dn
              + " ("
              + key
              + " in "
              + settings.file()
              + "), or the console's bind may not read it: correct the DN or the directory's"
              + " access rules");
    }
  }

  private SearchControls controls(int scope, String... attributes) {
    SearchControls controls = new SearchControls();
    controls.setSearchScope(scope);
    controls.setReturningAttributes(attributes);
    controls.setReturningObjFlag(false);
    controls.setDerefLinkFlag(false);
    controls.setTimeLimit((int) settings.timeout().toMillis());
    return controls;
  }

  /** Whether binding as {@code dn} with this password succeeds, on a connection of its own. */
  private boolean passwordOpens(String dn, char[] password) throws NamingException {
    byte[] secret = Passwords.utf8(password);
    try {
      close(open(dn, secret));
      return true;
    } catch (AuthenticationException
        | OperationNotSupportedException
        | NoPermissionException refused) {
      // A wrong password (49), an unauthenticated bind refused (53), an account the directory
      // keeps from binding: no sign-in, in the same words as an unknown name.
      return false;
    } finally {
      Arrays.fill(secret, (byte) 0);
    }
  }

  /** What the console's own bind finds. */
  @FunctionalInterface
  private interface Question<T> {
    T ask(LdapContext service) throws NamingException;
  }

  private <T> T asService(String doing, Question<T> question) {
    char[] revealed = settings.bindPassword().reveal();
    byte[] secret = Passwords.utf8(revealed);
    Arrays.fill(revealed, '\0');
    LdapContext service = null;
    try {
      try {
        service = open(settings.bindDn(), secret);
      } catch (AuthenticationException | OperationNotSupportedException | NoPermissionException e) {
        throw new DirectoryUnavailable(
            ErrorKind.AUTHENTICATION_FAILED,
            "the directory "
                + settings.describe()
                + " refused the console's own bind as "
                + settings.bindDn()
                + " ("
                + e.getExplanation()
                + "), so it could not "
                + doing
                + ": check bindDn in "
                + settings.file()
                + " and its password",
            e);
      }
      return question.ask(service);
    } catch (NamingException e) {
      throw unavailable(doing, e);
    } finally {
      Arrays.fill(secret, (byte) 0);
      close(service);
    }
  }

  /**
   * A connection bound as {@code dn}: over TLS from the start (LDAPS), or upgraded with StartTLS
   * before the bind; JNDI is told to send no password over a connection that is not TLS, so a
   * connection it might open again for the bind could never carry it in clear.
   */
  private LdapContext open(String dn, byte[] password) throws NamingException {
    Hashtable<String, Object> env = new Hashtable<>();
    env.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
    env.put(Context.PROVIDER_URL, settings.url().toString());
    env.put(Context.REFERRAL, "ignore");
    env.put("java.naming.ldap.version", "3");
    env.put("com.sun.jndi.ldap.connect.pool", "false");
    env.put("com.sun.jndi.ldap.connect.timeout", Long.toString(settings.timeout().toMillis()));
    env.put("com.sun.jndi.ldap.read.timeout", Long.toString(settings.timeout().toMillis()));
    if (settings.tls()) {
      env.put(MECHANISMS_ALLOWED_IN_CLEAR, "");
    }
    if (!settings.startTls()) {
      env.put(Context.SECURITY_AUTHENTICATION, "simple");
      env.put(Context.SECURITY_PRINCIPAL, dn);
      env.put(Context.SECURITY_CREDENTIALS, password);
      if (!settings.ldaps()) {
        return new InitialLdapContext(env, null);
      }
      env.put("java.naming.ldap.factory.socket", DirectorySockets.class.getName());
      return DirectorySockets.using(tls, () -> new InitialLdapContext(env, null));
    }
    env.put(Context.SECURITY_AUTHENTICATION, "none");
    LdapContext ctx = new InitialLdapContext(env, null);
    try {
      StartTlsResponse upgrade = (StartTlsResponse) ctx.extendedOperation(new StartTlsRequest());
      // Checks the certificate against the URL's host name (RFC 4513), as LDAPS does.
      upgrade.negotiate(tls);
      ctx.addToEnvironment(Context.SECURITY_AUTHENTICATION, "simple");
      ctx.addToEnvironment(Context.SECURITY_PRINCIPAL, dn);
      ctx.addToEnvironment(Context.SECURITY_CREDENTIALS, password);
      ctx.reconnect(null);
      return ctx;
    } catch (IOException e) {
      close(ctx);
      NamingException failed = new javax.naming.CommunicationException("StartTLS failed");
      failed.setRootCause(e);
      throw failed;
    } catch (NamingException | RuntimeException e) {
      close(ctx);
      throw e;
    }
  }

  private DirectoryUnavailable unavailable(String doing, NamingException e) {
    List<Throwable> chain = chain(e);
    Throwable root = chain.get(chain.size() - 1);
    Throwable tlsFailure =
        chain.stream()
            .filter(t -> t instanceof SSLException || t instanceof GeneralSecurityException)
            .findFirst()
            .orElse(null);
    if (tlsFailure != null) {
      return new DirectoryUnavailable(
          ErrorKind.CONNECT_FAILED,
          "TLS with the directory "
              + settings.describe()
              + " failed ("
              + words(tlsFailure)
              + "), so the console could not "
              + doing
              + ": its certificate must name the URL's host and chain to caCertificate in "
              + settings.file()
              + " (or to a CA the Java runtime trusts)",
          e);
    }
    if (root instanceof InterruptedIOException || words(root).contains("timed out")) {
      return new DirectoryUnavailable(
          ErrorKind.TIMED_OUT,
          "the directory "
              + settings.describe()
              + " did not answer within "
              + settings.timeout().toSeconds()
              + " s, so the console could not "
              + doing,
          e);
    }
    if (e instanceof AuthenticationNotSupportedException) {
      return new DirectoryUnavailable(
          ErrorKind.CONNECT_FAILED,
          "the directory "
              + settings.describe()
              + " refuses password binds over this connection ("
              + words(e)
              + "), so the console could not "
              + doing
              + ": use ldaps:// or startTls: true in "
              + settings.file(),
          e);
    }
    return new DirectoryUnavailable(
        ErrorKind.CONNECT_FAILED,
        "the directory "
            + settings.describe()
            + " cannot be asked ("
            + words(root)
            + "), so the console could not "
            + doing,
        e);
  }

  /** A failure and its causes, JNDI's root causes included, outermost first. */
  private static List<Throwable> chain(NamingException e) {
    List<Throwable> chain = new ArrayList<>();
    Throwable t = e;
    while (t != null && chain.size() < 10 && !chain.contains(t)) {
      chain.add(t);
      t =
          t instanceof NamingException n && n.getRootCause() != null
              ? n.getRootCause()
              : t.getCause();
    }
    return chain;
  }

  private static String words(Throwable t) {
    if (t instanceof NamingException n && n.getExplanation() != null) {
      return n.getExplanation();
    }
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
  }

  private static void close(LdapContext ctx) {
    if (ctx != null) {
      try {
        ctx.close();
      } catch (NamingException ignored) {
        // the connection is gone either way
      }
    }
  }

  private static SSLSocketFactory socketFactory(List<X509Certificate> trusted) {
    if (trusted.isEmpty()) {
      return (SSLSocketFactory) SSLSocketFactory.getDefault();
    }
    try {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      for (int i = 0; i < trusted.size(); i++) {
        store.setCertificateEntry("directory-" + i, trusted.get(i));
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context.getSocketFactory();
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("the Java runtime cannot make a TLS context: " + e, e);
    }
  }
}
