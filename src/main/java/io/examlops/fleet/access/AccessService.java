package io.examlops.fleet.access;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.ConsoleUser;
import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.InitialAdmin;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenGrant;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.settings.DirectorySettings;
import io.examlops.fleet.settings.OpenIdSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Who may use the console and its API: users with roles (bcrypt), API tokens (hashed), sign-in.
 * Core data in platform.db: the console signs users in with them, central mode's agents send the
 * tokens. With a directory ({@link #withDirectory}), users of an LDAP directory sign in too, their
 * role from their groups there, asked again while their sessions last. Safe to share between
 * threads: what it keeps (the directory's last answers) is kept in a concurrent map. With an OpenID
 * Provider ({@link #withProvider}), users it signs in sign in too, their role from their ID token's
 * groups claim at each sign-in.
 */
public final class AccessService {
  private final Clusters clusters;

  /** The console's directory; {@code null} when users are the local ones only. */
  private final DirectoryUsers directory;

  /** The console's OpenID Provider; {@code null} when it has none. */
  private final OpenIdProvider provider;

  public AccessService(Clusters clusters) {
    this(clusters, null, null);
  }

  private AccessService(Clusters clusters, DirectoryUsers directory, OpenIdProvider provider) {
    this.clusters = clusters;
    this.directory = directory;
    this.provider = provider;
  }

  /**
   * This service with users of an LDAP directory besides the local ones: {@link #signIn} looks a
   * name that is not a local user's up there, and {@link #grounds} asks it again about a session it
   * signed in. {@code null} settings: this service as it is.
   */
  public AccessService withDirectory(DirectorySettings settings) {
    return settings == null
        ? this
        : withDirectory(new LdapDirectory(settings), settings.checkInterval());
  }

  /** This service with {@code directory} (tests: a directory of their own). */
  AccessService withDirectory(Directory directory, Duration checkInterval) {
    return new AccessService(
        clusters, new DirectoryUsers(directory, clusters.clock(), checkInterval), provider);
  }

  /**
   * This service with users an OpenID Provider signs in besides the others ({@link
   * #beginProviderSignIn}, {@link #finishProviderSignIn}). {@code null} settings: this service as
   * it is.
   */
  public AccessService withProvider(OpenIdSettings settings) {
    return settings == null
        ? this
        : new AccessService(clusters, directory, new OpenIdProvider(settings, clusters.clock()));
  }

  /** What the sign-in page calls the OpenID Provider ("Sign in with NAME"); empty if none. */
  public Optional<String> provider() {
    return provider == null ? Optional.empty() : Optional.of(provider.settings().name());
  }

  /**
   * Starts a sign-in with the OpenID Provider: its metadata is read now, and the request made with
   * a new state, nonce and PKCE verifier, which the caller keeps until the browser comes back.
   *
   * @param redirectUri the console's callback, as the provider knows it
   * @throws FleetException CONNECT_FAILED or TIMED_OUT when the provider cannot be asked
   */
  public ProviderRequest beginProviderSignIn(URI redirectUri) {
    return requireProvider().begin(redirectUri);
  }

  /**
   * Ends a sign-in with the OpenID Provider: the code it sent back is redeemed for the ID token,
   * which is checked (signature by the issuer's published keys, issuer, audience, expiry, the nonce
   * of {@code request}), and its groups claim gives the role: an admin group's member is an admin,
   * else a viewer group's a viewer. Audited ({@code sign-in}, through {@code surface}), with the
   * mapped groups: such a user leaves no other trace in platform.db. The caller has checked that
   * the state sent back is the request's.
   *
   * @throws FleetException NOT_PERMITTED for a user in none of the mapped groups, or whose name is
   *     a local user's; AUTHENTICATION_FAILED when the provider refuses the code or the ID token
   *     fails a check; CONNECT_FAILED or TIMED_OUT when the provider cannot be asked
   */
  public ProviderSignIn finishProviderSignIn(String surface, ProviderRequest request, String code) {
    OpenIdProvider openId = requireProvider();
    OpenIdProvider.Identity identity = openId.finish(request, code);
    OpenIdSettings settings = openId.settings();
    if (isLocal(identity.name())) {
      throw new FleetException(
          ErrorKind.NOT_PERMITTED,
          Printable.quoted(identity.name())
              + " is the name of a local user of this console: a user of "
              + settings.name()
              + " of the same name cannot sign in; the local user signs in with its own password");
    }
    if (identity.role() == null) {
      throw new FleetException(
          ErrorKind.NOT_PERMITTED,
          settings.name()
              + " signed in "
              + Printable.quoted(identity.name())
              + " but its ID token's "
              + settings.groupsClaim()
              + " claim names none of this console's groups (admin: "
              + words(settings.adminGroups())
              + ", viewer: "
              + words(settings.viewerGroups())
              + "): it may not sign in. Ask the provider's administrators to add it to one of them");
    }
    Actor actor = new Actor(identity.name(), surface);
    store()
        .recordOutsideSignIn(
            actor,
            "oidc",
            identity.role(),
            identity.groups(),
            "issuer",
            settings.issuer().toString());
    return new ProviderSignIn(
        new Credential(
            identity.name(),
            identity.role(),
            TokenSecrets.newStamp(),
            false,
            Credential.Origin.PROVIDER),
        identity.token().expiresAt());
  }

  private OpenIdProvider requireProvider() {
    if (provider == null) {
      throw FleetException.invalid("this console signs nobody in with an OpenID Provider");
    }
    return provider;
  }

  private static String words(List<String> groups) {
    return groups.isEmpty() ? "none" : String.join("; ", groups);
  }

  /** The directory users sign in with besides the local users, in a few words; empty if none. */
  public Optional<String> directory() {
    return directory == null ? Optional.empty() : Optional.of(directory.directory().describe());
  }

  /**
   * What keeps the directory from being used as set, asked now: it cannot be reached, refuses the
   * console's bind, or lacks a group the settings map; empty when all is well, or there is none.
   */
  public List<String> directoryProblems() {
    return directory == null ? List.of() : directory.directory().problems();
  }

  public List<ConsoleUser> users() {
    return store().users();
  }

  public Optional<ConsoleUser> user(String name) {
    return store().user(name);
  }

  /** The user of that name; {@code UNKNOWN_USER}, naming the users there are, when none. */
  public ConsoleUser requireUser(String name) {
    return store().requireUser(name);
  }

  public ConsoleUser addUser(Actor actor, String name, Role role, char[] password) {
    return store().addUser(name, role, password, actor);
  }

  /**
   * Removes a user: its sessions end at their next request and its tokens are revoked, whichever
   * process asks (the console's users page or {@code exa console user remove}). The last admin
   * stays.
   */
  public void removeUser(Actor actor, String name) {
    store().removeUser(name, actor);
  }

  /**
   * Gives a user another role: its sessions end and its tokens are revoked, since both were made
   * for the old role. The last admin keeps its role.
   */
  public ConsoleUser setRole(Actor actor, String name, Role role) {
    return store().setRole(name, role, actor);
  }

  /**
   * Sets a user's password: its sessions end and its tokens are revoked. The first admin's one-time
   * password file goes once that password is replaced.
   */
  public void setPassword(Actor actor, String name, char[] password) {
    store().setPassword(name, password, actor);
    if ("admin".equals(name)) {
      InitialAdminFile.remove(initialAdminFile());
    }
  }

  /** What a local user's name and password sign in on; empty when either is wrong. */
  public Optional<Credential> authenticate(String name, char[] password) {
    return store().authenticate(name, password);
  }

  /**
   * Signs a user in: a local user with its password; with a directory, a name that is no local
   * user's is looked up there and bound with the password given, and its groups there give its
   * role. A directory user's sign-in is audited ({@code sign-in}, through {@code surface}), with
   * the groups that gave it its role: it leaves no other trace in platform.db.
   *
   * @return what the session stands on; empty for a wrong name or password alike
   * @throws FleetException NOT_PERMITTED for a directory user with the right password that is in
   *     none of the console's groups, or whose name is a local user's; {@link DirectoryUnavailable}
   *     (CONNECT_FAILED, TIMED_OUT, AUTHENTICATION_FAILED) when the directory cannot be asked
   */
  public Optional<Credential> signIn(String surface, String name, char[] password) {
    Optional<Credential> local = authenticate(name, password);
    if (local.isPresent() || directory == null || name == null || isLocal(name)) {
      return local;
    }
    String typed = name.strip();
    if (typed.isEmpty()
        || typed.length() > DirectoryUsers.MAX_NAME
        || !OneLine.isPlain(typed)
        || password == null
        || password.length == 0) {
      // An empty password would be an anonymous bind, which the directory lets through.
      return Optional.empty();
    }
    Optional<Directory.Entry> found = directory.authenticate(typed, password);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    Directory.Entry entry = found.get();
    if (isLocal(entry.name())) {
      throw new FleetException(
          ErrorKind.NOT_PERMITTED,
          Printable.quoted(entry.name())
              + " is the name of a local user of this console: a directory user of the same name"
              + " cannot sign in; the local user signs in with its own password");
    }
    if (entry.role() == null) {
      throw new FleetException(
          ErrorKind.NOT_PERMITTED,
          "the directory knows "
              + Printable.quoted(entry.name())
              + " but puts it in none of this console's groups ("
              + groupWords(directory.directory())
              + "): it may not sign in. Ask the directory's administrators to add it to one of"
              + " them");
    }
    Actor actor = new Actor(entry.name(), surface);
    store()
        .recordOutsideSignIn(
            actor,
            "ldap",
            entry.role(),
            entry.groups(),
            "directory",
            directory.directory().describe());
    return Optional.of(
        new Credential(
            entry.name(),
            entry.role(),
            TokenSecrets.newStamp(),
            false,
            Credential.Origin.DIRECTORY));
  }

  /**
   * What a session signed in on {@code signedIn} stands on now; empty once it has ended. A local
   * user's: its credential in platform.db while its stamp is the same. A directory user's: what the
   * directory says of it, asked now when {@code now} is set (a decision, any change), else at most
   * the directory's check interval old; its role is what its groups there give it, but never more
   * than it signed in with (a viewer made an admin signs in again to act as one). It ends when the
   * directory no longer has the user, puts it in none of the console's groups, or a local user of
   * its name exists. An OpenID Provider's user's: what its ID token said at sign-in, while no local
   * user of its name exists (its session ends with that token: the console's sessions see to it).
   *
   * @throws FleetException (a {@link DirectoryUnavailable}) when the directory must be asked and
   *     cannot be: nothing is decided on what it said before
   */
  public Optional<Credential> grounds(Credential signedIn, boolean now) {
    if (signedIn.origin() == Credential.Origin.LOCAL) {
      return credential(signedIn.user()).filter(c -> c.stamp().equals(signedIn.stamp()));
    }
    if (signedIn.origin() == Credential.Origin.PROVIDER) {
      return provider == null || isLocal(signedIn.user())
          ? Optional.empty()
          : Optional.of(signedIn);
    }
    if (directory == null || isLocal(signedIn.user())) {
      return Optional.empty();
    }
    return directory
        .lookUp(signedIn.user(), now)
        .filter(e -> e.role() != null)
        .map(
            e ->
                new Credential(
                    signedIn.user(),
                    signedIn.role() == Role.ADMIN && e.role() == Role.ADMIN
                        ? Role.ADMIN
                        : Role.VIEWER,
                    signedIn.stamp(),
                    false,
                    Credential.Origin.DIRECTORY));
  }

  /** Whether a local user has this name (as the directory may spell it: in any case). */
  private boolean isLocal(String name) {
    return store().user(name.strip().toLowerCase(Locale.ROOT)).isPresent();
  }

  private static String groupWords(Directory directory) {
    return "admin: "
        + words(directory.adminGroups())
        + ", viewer: "
        + words(directory.viewerGroups());
  }

  /**
   * What a user's sessions must stand on now: a session signed in on another stamp, or of a user
   * removed since, has ended. Read from platform.db at each request, so that a change made by
   * another process (the CLI) ends them too.
   */
  public Optional<Credential> credential(String name) {
    return store().credential(name);
  }

  /**
   * With no user at all, creates {@code admin} with a random one-time password written to an
   * owner-only file beside platform.db; empty when users exist.
   */
  public Optional<InitialAdmin> createFirstAdmin(Actor actor) {
    Path file = initialAdminFile();
    boolean created =
        store().createFirstAdmin(actor, password -> InitialAdminFile.write(file, password));
    return created ? Optional.of(new InitialAdmin("admin", file.toString())) : Optional.empty();
  }

  /**
   * A new API token; its secret is in the result only. Its scopes never exceed what its owner's
   * role allows ({@link Role#tokenScopes()}), and it needs one at least.
   */
  /** A token that may do whatever its scopes allow. */
  public IssuedToken createToken(Actor actor, String owner, String name, Set<TokenScope> scopes) {
    return createToken(actor, owner, name, scopes, TokenLimits.NONE);
  }

  /** A token limited to what {@code limits} allow (clusters, partitions, GPUs, jobs, GPU-hours). */
  public IssuedToken createToken(
      Actor actor, String owner, String name, Set<TokenScope> scopes, TokenLimits limits) {
    return store().createToken(owner, name, scopes, limits, actor);
  }

  public List<ApiToken> tokens() {
    return store().tokens();
  }

  public ApiToken revokeToken(Actor actor, String id) {
    return store().revokeToken(id, actor);
  }

  /**
   * The live token a secret belongs to, with the scopes its owner's role allows now, its use
   * recorded; empty when unknown or revoked.
   */
  public Optional<TokenGrant> authenticateToken(String secret) {
    return store().authenticateToken(secret);
  }

  /**
   * The token a refused secret belongs to (revoked, or its owner removed): whom the audit trail
   * names for a request it no longer admits. Empty when no token has that secret.
   */
  public Optional<ApiToken> refusedToken(String secret) {
    return store().anyToken(secret);
  }

  /**
   * Who decided, as a system an admin trusts says (the Jenkins controller that holds {@code token}
   * and records who clicked Proceed in a governance job): the named user must be a console user
   * with the admin role now, so that the token can speak only for the people who could decide
   * themselves; the surface must name that system and its run ({@code jenkins:fleet-governance#12},
   * never one of this product's own surfaces); the audit trail names the token beside them.
   *
   * @param token a live token with the on-behalf scope (the caller checked the scope)
   * @throws io.examlops.fleet.model.FleetException NOT_PERMITTED when the user is not an admin now,
   *     INVALID_REQUEST for a blank user or a surface that does not name a system and its run
   */
  public Actor onBehalf(ApiToken token, String user, String surface) {
    String name = OneLine.require("the user who decided", user, Actor.MAX_LENGTH, "user");
    String via = surface == null ? "" : surface.strip();
    String system = via.contains(":") ? via.substring(0, via.indexOf(':')) : "";
    if (system.isEmpty() || OWN_SURFACES.contains(system)) {
      throw FleetException.invalid(
          "the surface "
              + Printable.quoted(via)
              + " does not name the system that recorded the decision and its run: give e.g."
              + " jenkins:fleet-governance#12 (not "
              + String.join(", ", OWN_SURFACES)
              + ", which are this product's own)",
          "via");
    }
    String who =
        adminNow(name)
            .orElseThrow(
                () ->
                    new FleetException(
                        ErrorKind.NOT_PERMITTED,
                        Printable.quoted(name)
                            + " is not an admin of this console: the token "
                            + token.name()
                            + " may decide only for a console user with the admin role"
                            + (directory == null ? "" : " (or a directory user in an admin group)")
                            + ", by the same name as in "
                            + system
                            + "; nothing was decided. Add "
                            + name
                            + " as an admin on the console's Users & tokens page (or exa console"
                            + " user add)"
                            + (directory == null
                                ? ""
                                : ", or to an admin group of the directory ("
                                    + String.join("; ", directory.directory().adminGroups())
                                    + ")")
                            + ", or let one of its admins decide"));
    return new Actor(
        who, via, "token " + token.id() + " '" + token.name() + "' of " + token.owner());
  }

  /**
   * The name of the admin {@code name} is now: a local user with the admin role, else (no local
   * user of that name) a directory user the directory, asked now, puts in an admin group.
   */
  private Optional<String> adminNow(String name) {
    Optional<ConsoleUser> local = user(name);
    if (local.isPresent() || directory == null || isLocal(name)) {
      return local.filter(ConsoleUser::admin).map(ConsoleUser::name);
    }
    if (name.length() > DirectoryUsers.MAX_NAME) {
      return Optional.empty();
    }
    return directory
        .lookUp(name, true)
        .filter(e -> e.role() == Role.ADMIN)
        .map(Directory.Entry::name);
  }

  /** This product's own surfaces: a decision made elsewhere never reads as made through them. */
  private static final List<String> OWN_SURFACES = List.of(Actor.CLI, Actor.CONSOLE, Actor.MCP);

  private Path initialAdminFile() {
    return InitialAdminFile.beside(clusters.registry().platformDb().file());
  }

  private AccessStore store() {
    return new AccessStore(clusters.registry().platformDb(), clusters.clock());
  }
}
