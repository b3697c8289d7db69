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
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Who may use the console and its API: users with roles (bcrypt), API tokens (hashed), sign-in.
 * Core data in platform.db: the console signs users in with them, central mode's agents send the
 * tokens. Stateless: safe to share between threads.
 */
public final class AccessService {
  private final Clusters clusters;

  public AccessService(Clusters clusters) {
    this.clusters = clusters;
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

  /** What a name and password sign in on; empty when either is wrong. */
  public Optional<Credential> authenticate(String name, char[] password) {
    return store().authenticate(name, password);
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
    ConsoleUser who =
        user(name)
            .filter(ConsoleUser::admin)
            .orElseThrow(
                () ->
                    new FleetException(
                        ErrorKind.NOT_PERMITTED,
                        Printable.quoted(name)
                            + " is not an admin of this console: the token "
                            + token.name()
                            + " may decide only for a console user with the admin role, by the"
                            + " same name as in "
                            + system
                            + "; nothing was decided. Add "
                            + name
                            + " as an admin on the console's Users & tokens page (or exa console"
                            + " user add), or let one of its admins decide"));
    return new Actor(
        who.name(), via, "token " + token.id() + " '" + token.name() + "' of " + token.owner());
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
