package io.examlops.fleet.access;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.ConsoleUser;
import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenGrant;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.registry.AuditTrail;
import io.examlops.fleet.registry.PlatformDb;
import io.examlops.fleet.registry.Sql;
import io.examlops.fleet.registry.Timestamps;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Console users and API tokens in platform.db ({@code access_users}, {@code access_tokens}). Each
 * change is one transaction with its audit event; secrets are stored only as hashes and never
 * written to the audit trail.
 */
public final class AccessStore {
  /** A user name: like a Unix login, so it reads the same in the audit trail and in a shell. */
  public static final String USER_RULE =
      "a lower-case letter or '_' followed by up to 31 lower-case letters, digits, '.', '_' or '-'"
          + " (e.g. alice or ci-bot)";

  private static final Pattern USER = Pattern.compile("[a-z_][a-z0-9._-]{0,31}");
  private static final int MAX_TOKEN_NAME = 100;

  /** A token's last use is written at most this often, so that reads do not turn into writes. */
  private static final Duration LAST_USE_PRECISION = Duration.ofMinutes(1);

  private final PlatformDb db;
  private final Clock clock;

  public AccessStore(PlatformDb db, Clock clock) {
    this.db = db;
    this.clock = clock;
  }

  public List<ConsoleUser> users() {
    return db.read(c -> Sql.list(c, USER_SELECT + " ORDER BY name", AccessStore::user));
  }

  public ConsoleUser addUser(String name, Role role, char[] password, Actor actor) {
    requireUserName(name);
    Passwords.requireAcceptable(password, name);
    String hash = Passwords.hash(password);
    return db.write(
        c -> {
          if (find(c, name).isPresent()) {
            throw new AccessException(
                ErrorKind.CONFLICT,
                "user '"
                    + name
                    + "' exists already; change its password with passwd, or remove"
                    + " it first");
          }
          Instant now = now();
          insertUser(c, name, role, hash, false, now, actor);
          audit(c, now, actor, "user-add", details("user", name, "role", role.label()));
          return new ConsoleUser(name, role, now, actor.toString(), now);
        });
  }

  /** Removes a user and revokes its tokens; the last admin cannot be removed. */
  public void removeUser(String name, Actor actor) {
    requireUserName(name);
    db.write(
        c -> {
          ConsoleUser user = find(c, name).orElseThrow(() -> unknownUser(c, name));
          if (user.admin() && countAdmins(c) == 1) {
            throw new AccessException(
                ErrorKind.CONFLICT,
                "user '" + name + "' is the last admin: add another admin before removing it");
          }
          Instant now = now();
          Sql.update(c, "DELETE FROM access_users WHERE name = ?", name);
          int revoked = revokeTokensOf(c, name, now, actor);
          audit(c, now, actor, "user-remove", details("user", name, "tokensRevoked", revoked));
          return null;
        });
  }

  /**
   * Sets a user's password. Its grounds change: its sessions end (a new credential stamp) and its
   * tokens are revoked, so that whoever knew the old password keeps nothing it opened with it.
   */
  public void setPassword(String name, char[] password, Actor actor) {
    requireUserName(name);
    Passwords.requireAcceptable(password, name);
    String hash = Passwords.hash(password);
    db.write(
        c -> {
          find(c, name).orElseThrow(() -> unknownUser(c, name));
          Instant now = now();
          Sql.update(
              c,
              "UPDATE access_users SET password_hash = ?, password_changed_at = ?,"
                  + " credential_stamp = ?, must_change_password = 0 WHERE name = ?",
              hash,
              Timestamps.format(now),
              TokenSecrets.newStamp(),
              name);
          int revoked = revokeTokensOf(c, name, now, actor);
          audit(c, now, actor, "user-passwd", details("user", name, "tokensRevoked", revoked));
          return null;
        });
  }

  /**
   * Gives a user another role: its sessions end and its tokens are revoked (what they were made for
   * was the old role's). The last admin keeps its role.
   */
  public ConsoleUser setRole(String name, Role role, Actor actor) {
    requireUserName(name);
    return db.write(
        c -> {
          ConsoleUser user = find(c, name).orElseThrow(() -> unknownUser(c, name));
          if (user.role() == role) {
            return user;
          }
          if (user.admin() && countAdmins(c) == 1) {
            throw new AccessException(
                ErrorKind.CONFLICT,
                "user '" + name + "' is the last admin: make another user an admin first");
          }
          Instant now = now();
          Sql.update(
              c,
              "UPDATE access_users SET role = ?, credential_stamp = ? WHERE name = ?",
              role.label(),
              TokenSecrets.newStamp(),
              name);
          int revoked = revokeTokensOf(c, name, now, actor);
          audit(
              c,
              now,
              actor,
              "user-role",
              details(
                  "user",
                  name,
                  "role",
                  role.label(),
                  "previousRole",
                  user.role().label(),
                  "tokensRevoked",
                  revoked));
          return find(c, name).orElseThrow();
        });
  }

  private static int revokeTokensOf(Connection c, String owner, Instant now, Actor actor)
      throws SQLException {
    return Sql.update(
        c,
        "UPDATE access_tokens SET revoked_at = ?, revoked_by = ?"
            + " WHERE owner = ? AND revoked_at IS NULL",
        Timestamps.format(now),
        actor.toString(),
        owner);
  }

  /**
   * What a user whose password this is signs in on; empty for a wrong password or an unknown user
   * alike. The stamp is read with the hash it was checked against.
   */
  public Optional<Credential> authenticate(String name, char[] password) {
    if (name == null || !USER.matcher(name).matches() || password == null) {
      Passwords.matches(new char[0], null);
      return Optional.empty();
    }
    String[] hash = new String[1];
    Optional<Credential> user =
        db.read(
            c ->
                Sql.first(
                    c,
                    CREDENTIAL_SELECT + ", password_hash" + USER_FROM_NAMED,
                    rs -> {
                      hash[0] = rs.getString("password_hash");
                      return credential(rs);
                    },
                    name));
    return Passwords.matches(password, hash[0]) ? user : Optional.empty();
  }

  /**
   * Records that a user of the console's directory signed in (action {@code sign-in}): the only
   * trace such a user leaves in platform.db, since no {@code user-add} made it. Says with which
   * role, from which of the console's groups, in which directory.
   */
  /**
   * A sign-in vouched for elsewhere ({@code source}: {@code ldap}, {@code oidc}), with the role and
   * the mapped groups it was given, and where it came from ({@code key}: {@code directory} or
   * {@code issuer}, and {@code where}).
   */
  public void recordOutsideSignIn(
      Actor actor, String source, Role role, List<String> groups, String key, String where) {
    db.write(
        c -> {
          audit(
              c,
              now(),
              actor,
              "sign-in",
              details(
                  "user",
                  actor.name(),
                  "source",
                  source,
                  "role",
                  role.label(),
                  "groups",
                  List.copyOf(groups),
                  key,
                  where));
          return null;
        });
  }

  /** What the user's sessions must stand on now; empty once the user is removed. */
  public Optional<Credential> credential(String name) {
    if (name == null || !USER.matcher(name).matches()) {
      return Optional.empty();
    }
    return db.read(
        c -> Sql.first(c, CREDENTIAL_SELECT + USER_FROM_NAMED, AccessStore::credential, name));
  }

  public Optional<ConsoleUser> user(String name) {
    if (name == null || !USER.matcher(name).matches()) {
      return Optional.empty();
    }
    return db.read(c -> find(c, name));
  }

  /** The user of that name; refused naming the users there are when there is none. */
  public ConsoleUser requireUser(String name) {
    requireUserName(name);
    return db.read(c -> find(c, name).orElseThrow(() -> unknownUser(c, name)));
  }

  /**
   * Creates {@code admin} with a random password when there is no user at all, handing the password
   * to {@code keep} before the transaction commits (a failure there leaves no admin).
   *
   * @return whether the admin was created (false when users exist)
   */
  public boolean createFirstAdmin(Actor actor, java.util.function.Consumer<char[]> keep) {
    char[] password = Passwords.random();
    String hash = Passwords.hash(password);
    return db.write(
        c -> {
          if (Sql.number(c, "SELECT COUNT(*) FROM access_users") > 0) {
            return false;
          }
          Instant now = now();
          insertUser(c, "admin", Role.ADMIN, hash, true, now, actor);
          audit(
              c,
              now,
              actor,
              "user-add",
              details("user", "admin", "role", "admin", "initial", true));
          keep.accept(password);
          return true;
        });
  }

  /**
   * Creates a token for an existing user, with what it may use; its secret is in the result and
   * nowhere else.
   */
  public IssuedToken createToken(
      String owner, String name, Set<TokenScope> scopes, TokenLimits limits, Actor actor) {
    requireUserName(owner);
    String label = name == null ? "" : name.strip();
    if (label.isEmpty()
        || label.length() > MAX_TOKEN_NAME
        || label.chars().anyMatch(Character::isISOControl)) {
      throw FleetException.invalid(
          "token name "
              + Printable.quoted(name)
              + " is not usable: give one line of 1 to "
              + MAX_TOKEN_NAME
              + " characters that says what uses it (e.g. jenkins-prod)");
    }
    if (scopes == null || scopes.isEmpty()) {
      throw FleetException.invalid(
          "a token needs at least one scope: read, submit or admin", "scopes");
    }
    String id = TokenSecrets.newId();
    String secret = TokenSecrets.newSecret(id);
    return db.write(
        c -> {
          find(c, owner)
              .orElseThrow(() -> unknownUser(c, owner))
              .role()
              .requireTokenScopes(owner, scopes);
          Instant now = now();
          Sql.update(
              c,
              "INSERT INTO access_tokens (id, name, owner, scopes, secret_hash, created_at,"
                  + " created_by, limit_clusters, limit_partitions, max_gpus_per_job,"
                  + " max_running_jobs, gpu_hours, budget_period)"
                  + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
              id,
              label,
              owner,
              scopeText(scopes),
              TokenSecrets.hash(secret),
              Timestamps.format(now),
              actor.toString(),
              String.join(" ", limits.clusters()),
              String.join(" ", limits.partitions()),
              limits.maxGpusPerJob(),
              limits.maxRunningJobs(),
              limits.gpuHours() == null ? null : limits.gpuHours().toPlainString(),
              limits.period() == null ? null : limits.period().label());
          audit(
              c,
              now,
              actor,
              "token-create",
              details(
                  "token",
                  id,
                  "name",
                  label,
                  "owner",
                  owner,
                  "scopes",
                  scopeText(scopes),
                  "limits",
                  limits.describe()));
          return new IssuedToken(
              new ApiToken(
                  id, label, owner, scopes, limits, now, actor.toString(), null, null, null),
              secret);
        });
  }

  public List<ApiToken> tokens() {
    return db.read(
        c -> Sql.list(c, TOKEN_SELECT_ALL + " ORDER BY created_at, id", AccessStore::token));
  }

  public ApiToken revokeToken(String id, Actor actor) {
    return db.write(
        c -> {
          ApiToken token =
              findToken(c, id)
                  .orElseThrow(
                      () ->
                          new AccessException(
                              ErrorKind.INVALID_REQUEST,
                              "no token has the id "
                                  + Printable.quoted(id)
                                  + "; list the tokens to see their ids"));
          if (token.revoked()) {
            return token;
          }
          Instant now = now();
          Sql.update(
              c,
              "UPDATE access_tokens SET revoked_at = ?, revoked_by = ? WHERE id = ?",
              Timestamps.format(now),
              actor.toString(),
              id);
          audit(c, now, actor, "token-revoke", details("token", id, "owner", token.owner()));
          return findToken(c, id).orElseThrow();
        });
  }

  /**
   * The live token this secret belongs to, with its owner's role now, its use recorded; empty for a
   * secret that is malformed, unknown or revoked, or whose owner is gone.
   */
  public Optional<TokenGrant> authenticateToken(String secret) {
    if (!TokenSecrets.wellFormed(secret)) {
      return Optional.empty();
    }
    String hash = TokenSecrets.hash(secret);
    Optional<TokenGrant> found =
        db.read(
            c ->
                Sql.first(
                    c,
                    TOKEN_COLUMNS
                        + ", (SELECT role FROM access_users WHERE name = owner) AS owner_role"
                        + " FROM access_tokens WHERE secret_hash = ? AND revoked_at IS NULL"
                        + " AND owner IN (SELECT name FROM access_users)",
                    rs -> new TokenGrant(token(rs), Role.parse(rs.getString("owner_role"))),
                    hash));
    Instant now = now();
    found
        .map(TokenGrant::token)
        .filter(
            t -> t.lastUsedAt() == null || t.lastUsedAt().plus(LAST_USE_PRECISION).isBefore(now))
        .ifPresent(t -> recordUse(t.id(), now));
    return found;
  }

  /**
   * The token whose secret this is, revoked or whose owner is gone too: who sent a secret that no
   * longer admits anyone. Empty for a secret no token has.
   */
  public Optional<ApiToken> anyToken(String secret) {
    if (!TokenSecrets.wellFormed(secret)) {
      return Optional.empty();
    }
    String hash = TokenSecrets.hash(secret);
    return db.read(
        c -> Sql.first(c, TOKEN_SELECT_ALL + " WHERE secret_hash = ?", AccessStore::token, hash));
  }

  private void recordUse(String id, Instant now) {
    db.write(
        c -> {
          Sql.update(
              c,
              "UPDATE access_tokens SET last_used_at = ? WHERE id = ?",
              Timestamps.format(now),
              id);
          return null;
        });
  }

  private static final String USER_SELECT =
      "SELECT name, role, created_at, created_by, password_changed_at FROM access_users";
  private static final String CREDENTIAL_SELECT =
      "SELECT name, role, credential_stamp, must_change_password";
  private static final String USER_FROM_NAMED = " FROM access_users WHERE name = ?";
  private static final String TOKEN_COLUMNS =
      "SELECT id, name, owner, scopes, created_at, created_by, last_used_at, revoked_at,"
          + " revoked_by, limit_clusters, limit_partitions, max_gpus_per_job, max_running_jobs,"
          + " gpu_hours, budget_period";
  private static final String TOKEN_SELECT_ALL = TOKEN_COLUMNS + " FROM access_tokens";

  private static ConsoleUser user(ResultSet rs) throws SQLException {
    return new ConsoleUser(
        rs.getString("name"),
        Role.parse(rs.getString("role")),
        Timestamps.parse(rs.getString("created_at")),
        rs.getString("created_by"),
        Timestamps.parse(rs.getString("password_changed_at")));
  }

  private static Credential credential(ResultSet rs) throws SQLException {
    return new Credential(
        rs.getString("name"),
        Role.parse(rs.getString("role")),
        rs.getString("credential_stamp"),
        rs.getInt("must_change_password") == 1);
  }

  private static ApiToken token(ResultSet rs) throws SQLException {
    return new ApiToken(
        rs.getString("id"),
        rs.getString("name"),
        rs.getString("owner"),
        TokenScope.parseAll(rs.getString("scopes")),
        limits(rs),
        Timestamps.parse(rs.getString("created_at")),
        rs.getString("created_by"),
        Timestamps.parse(rs.getString("last_used_at")),
        Timestamps.parse(rs.getString("revoked_at")),
        rs.getString("revoked_by"));
  }

  private static TokenLimits limits(ResultSet rs) throws SQLException {
    String hours = rs.getString("gpu_hours");
    String period = rs.getString("budget_period");
    return new TokenLimits(
        words(rs.getString("limit_clusters")),
        words(rs.getString("limit_partitions")),
        whole(rs, "max_gpus_per_job"),
        whole(rs, "max_running_jobs"),
        hours == null ? null : new java.math.BigDecimal(hours),
        period == null ? null : TokenLimits.Period.parse(period));
  }

  private static Integer whole(ResultSet rs, String column) throws SQLException {
    int value = rs.getInt(column);
    return rs.wasNull() ? null : value;
  }

  private static Set<String> words(String text) {
    return text == null || text.isBlank()
        ? Set.of()
        : Set.copyOf(List.of(text.strip().split(" +")));
  }

  private static void insertUser(
      Connection c,
      String name,
      Role role,
      String hash,
      boolean oneTimePassword,
      Instant now,
      Actor actor)
      throws SQLException {
    Sql.update(
        c,
        "INSERT INTO access_users (name, role, password_hash, created_at, created_by,"
            + " password_changed_at, credential_stamp, must_change_password)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        name,
        role.label(),
        hash,
        Timestamps.format(now),
        actor.toString(),
        Timestamps.format(now),
        // Never the stamp of a user removed before under this name: its sessions stay ended.
        TokenSecrets.newStamp(),
        oneTimePassword ? 1 : 0);
  }

  private static Optional<ConsoleUser> find(Connection c, String name) throws SQLException {
    return Sql.first(c, USER_SELECT + " WHERE name = ?", AccessStore::user, name);
  }

  private static Optional<ApiToken> findToken(Connection c, String id) throws SQLException {
    return Sql.first(c, TOKEN_SELECT_ALL + " WHERE id = ?", AccessStore::token, id);
  }

  private static long countAdmins(Connection c) throws SQLException {
    return Sql.number(c, "SELECT COUNT(*) FROM access_users WHERE role = 'admin'");
  }

  private static AccessException unknownUser(Connection c, String name) {
    List<String> names;
    try {
      names = Sql.list(c, "SELECT name FROM access_users ORDER BY name", rs -> rs.getString(1));
    } catch (SQLException e) {
      names = List.of("(could not be listed: " + e.getMessage() + ")");
    }
    return new AccessException(
        ErrorKind.UNKNOWN_USER,
        "no user is named "
            + Printable.quoted(name)
            + "; the users are: "
            + String.join(", ", names));
  }

  private static void requireUserName(String name) {
    if (name == null || !USER.matcher(name).matches()) {
      throw FleetException.invalid(
          "invalid user name " + Printable.quoted(name) + ": a user name is " + USER_RULE);
    }
  }

  private static String scopeText(Set<TokenScope> scopes) {
    return EnumSet.copyOf(scopes).stream().map(TokenScope::label).collect(Collectors.joining(" "));
  }

  private static void audit(
      Connection c, Instant at, Actor actor, String action, Map<String, Object> details)
      throws SQLException {
    AuditTrail.record(c, at, actor, action, null, details);
  }

  private static Map<String, Object> details(Object... pairs) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], pairs[i + 1]);
    }
    return map;
  }

  private Instant now() {
    return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
  }
}
