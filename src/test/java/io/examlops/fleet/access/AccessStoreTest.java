package io.examlops.fleet.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.registry.PlatformDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Users and tokens on a real platform.db file. */
class AccessStoreTest {
  private static final Actor ROOT = new Actor("root", Actor.CLI);
  @TempDir Path dir;
  private PlatformDb db;
  private AccessStore store;

  @BeforeEach
  void open() {
    db = PlatformDb.open(dir.resolve("platform.db"));
    store = new AccessStore(db, Clock.systemUTC());
  }

  @Test
  void passwordsAreStoredAsBcryptAndChecked() {
    store.addUser("alice", Role.VIEWER, "correct horse battery".toCharArray(), ROOT);
    assertThat(store.authenticate("alice", "correct horse battery".toCharArray()))
        .hasValueSatisfying(u -> assertThat(u.role()).isEqualTo(Role.VIEWER));
    assertThat(store.authenticate("alice", "wrong horse battery".toCharArray())).isEmpty();
    assertThat(store.authenticate("nobody", "correct horse battery".toCharArray())).isEmpty();
    String stored = column("SELECT password_hash FROM access_users WHERE name = 'alice'");
    assertThat(stored).startsWith("$2a$10$").doesNotContain("horse");
    assertThat(column("SELECT group_concat(details_json) FROM audit_events"))
        .contains("alice")
        .doesNotContain("horse");
  }

  @Test
  void badPasswordsAndNamesAreRefusedWithTheRule() {
    assertThatThrownBy(() -> store.addUser("alice", Role.ADMIN, "short".toCharArray(), ROOT))
        .hasMessageContaining("at least 10 characters");
    assertThatThrownBy(
            () -> store.addUser("Alice Smith", Role.ADMIN, "long enough pw".toCharArray(), ROOT))
        .hasMessageContaining("invalid user name 'Alice Smith'");
    assertThatThrownBy(() -> store.addUser("bob", Role.ADMIN, "x".repeat(73).toCharArray(), ROOT))
        .hasMessageContaining("bcrypt reads at most 72");
    assertThatThrownBy(
            () -> store.addUser("bob", Role.ADMIN, "line one\nline two".toCharArray(), ROOT))
        .hasMessageContaining("control character");
    assertThat(store.users()).isEmpty();
  }

  @Test
  void theLastAdminCannotBeRemoved() {
    store.addUser("root", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    assertThatThrownBy(() -> store.removeUser("root", ROOT))
        .isInstanceOf(AccessException.class)
        .hasMessageContaining("last admin");
    assertThatThrownBy(() -> store.removeUser("ghost", ROOT))
        .hasMessageContaining("no user is named 'ghost'; the users are: root");
  }

  @Test
  void firstAdminOnlyWhenNoUserExistsAndItsPasswordWorks() {
    AtomicReference<String> kept = new AtomicReference<>();
    assertThat(store.createFirstAdmin(ROOT, p -> kept.set(new String(p)))).isTrue();
    assertThat(store.authenticate("admin", kept.get().toCharArray())).isPresent();
    assertThat(store.createFirstAdmin(ROOT, p -> kept.set("again"))).isFalse();
    assertThat(kept.get()).isNotEqualTo("again");
    assertThat(store.credential("admin").orElseThrow().mustChangePassword())
        .as("a one-time password")
        .isTrue();
    store.setPassword("admin", "my own admin password".toCharArray(), ROOT);
    assertThat(store.credential("admin").orElseThrow().mustChangePassword()).isFalse();
  }

  @Test
  void aChangeOfPasswordOrRoleOrRemovalGivesNewGroundsAndRevokesTheTokens() {
    store.addUser("root", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    store.addUser("ann", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    String first = store.credential("ann").orElseThrow().stamp();
    IssuedToken token =
        store.createToken("ann", "ci", EnumSet.of(TokenScope.ADMIN), TokenLimits.NONE, ROOT);

    store.setPassword("ann", "another long pw".toCharArray(), ROOT);
    String second = store.credential("ann").orElseThrow().stamp();
    assertThat(second).isNotEqualTo(first);
    assertThat(store.authenticateToken(token.secret())).as("revoked").isEmpty();

    IssuedToken again =
        store.createToken("ann", "ci", EnumSet.of(TokenScope.ADMIN), TokenLimits.NONE, ROOT);
    store.setRole("ann", Role.VIEWER, ROOT);
    assertThat(store.credential("ann").orElseThrow())
        .satisfies(c -> assertThat(c.stamp()).isNotEqualTo(second))
        .satisfies(c -> assertThat(c.role()).isEqualTo(Role.VIEWER));
    assertThat(store.authenticateToken(again.secret())).as("revoked").isEmpty();
    assertThat(column("SELECT details_json FROM audit_events WHERE action = 'user-role'"))
        .contains("\"previousRole\":\"admin\"")
        .contains("\"tokensRevoked\":1");

    store.removeUser("ann", ROOT);
    assertThat(store.credential("ann")).isEmpty();
    store.addUser("ann", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    assertThat(store.credential("ann").orElseThrow().stamp())
        .as("a user added again under the name stands on new grounds")
        .isNotIn(first, second);
  }

  @Test
  void theLastAdminKeepsItsRole() {
    store.addUser("root", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    assertThatThrownBy(() -> store.setRole("root", Role.VIEWER, ROOT))
        .isInstanceOf(AccessException.class)
        .hasMessageContaining("last admin");
    assertThat(store.credential("root").orElseThrow().role()).isEqualTo(Role.ADMIN);
  }

  @Test
  void aTokensScopesNeverExceedItsOwnersRoleAtCreationNorAtUse() {
    store.addUser("root", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    store.addUser("vic", Role.VIEWER, "long enough pw".toCharArray(), ROOT);
    assertThatThrownBy(
            () ->
                store.createToken(
                    "vic",
                    "x",
                    EnumSet.of(TokenScope.READ, TokenScope.ADMIN),
                    TokenLimits.NONE,
                    ROOT))
        .isInstanceOf(io.examlops.fleet.model.FleetException.class)
        .hasMessageContaining("user 'vic' is a viewer")
        .hasMessageContaining("not admin");
    assertThatThrownBy(
            () ->
                store.createToken(
                    "vic", "x", EnumSet.noneOf(TokenScope.class), TokenLimits.NONE, ROOT))
        .hasMessageContaining("at least one scope");
    assertThat(store.tokens()).isEmpty();

    store.addUser("ann", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    IssuedToken issued =
        store.createToken(
            "ann", "x", EnumSet.of(TokenScope.READ, TokenScope.ADMIN), TokenLimits.NONE, ROOT);
    // A role written by hand (or by an older version) is still judged at use.
    db.write(
        c -> {
          try (Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE access_users SET role = 'viewer' WHERE name = 'ann'");
          }
          return null;
        });
    assertThat(store.authenticateToken(issued.secret()).orElseThrow().scopes())
        .containsExactly(TokenScope.READ);
  }

  @Test
  void aFailedPasswordFileLeavesNoAdmin() {
    assertThatThrownBy(
            () ->
                store.createFirstAdmin(
                    ROOT,
                    p -> {
                      throw new IllegalStateException("disk full");
                    }))
        .hasMessageContaining("disk full");
    assertThat(store.users()).isEmpty();
  }

  @Test
  void initialAdminFileIsOwnerOnly() throws Exception {
    Path file = InitialAdminFile.beside(db.file());
    InitialAdminFile.write(file, "secret-one-time".toCharArray());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(Files.readString(file).strip()).isEqualTo("secret-one-time");
  }

  @Test
  void tokensAreShownOnceStoredHashedScopedAndRevocable() {
    store.addUser("ci", Role.VIEWER, "long enough pw".toCharArray(), ROOT);
    IssuedToken issued =
        store.createToken(
            "ci",
            "jenkins",
            EnumSet.of(TokenScope.READ, TokenScope.SUBMIT),
            TokenLimits.NONE,
            ROOT);
    assertThat(issued.secret()).startsWith("exa_" + issued.token().id() + "_");
    assertThat(issued.toString()).doesNotContain(issued.secret());
    assertThat(column("SELECT secret_hash FROM access_tokens"))
        .doesNotContain(issued.secret())
        .hasSize(64);
    assertThat(column("SELECT group_concat(details_json) FROM audit_events"))
        .doesNotContain(issued.secret());

    ApiToken used = store.authenticateToken(issued.secret()).orElseThrow().token();
    assertThat(used.allows(TokenScope.SUBMIT)).isTrue();
    assertThat(used.allows(TokenScope.ADMIN)).isFalse();
    assertThat(store.tokens().get(0).lastUsedAt()).isNotNull();
    assertThat(store.authenticateToken(issued.secret() + "x")).isEmpty();

    store.revokeToken(issued.token().id(), ROOT);
    assertThat(store.authenticateToken(issued.secret())).isEmpty();
    assertThat(store.tokens().get(0).revoked()).isTrue();
  }

  @Test
  void removingAUserRevokesItsTokens() {
    store.addUser("root", Role.ADMIN, "long enough pw".toCharArray(), ROOT);
    store.addUser("ci", Role.VIEWER, "long enough pw".toCharArray(), ROOT);
    IssuedToken issued =
        store.createToken("ci", "ci", EnumSet.of(TokenScope.READ), TokenLimits.NONE, ROOT);
    store.removeUser("ci", ROOT);
    assertThat(store.authenticateToken(issued.secret())).isEmpty();
  }

  private String column(String sql) {
    return db.read(
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
          }
        });
  }
}
