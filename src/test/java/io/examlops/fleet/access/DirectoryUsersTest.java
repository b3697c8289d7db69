package io.examlops.fleet.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.testing.MovingClock;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a directory user's session stands on, against a directory whose answers the test sets: asked
 * again for every change, reads answered on its word of up to the check interval, never a role
 * gained, and a directory that cannot be asked refuses rather than answers from memory.
 * (LdapSignInIT does the same against a real slapd.)
 */
class DirectoryUsersTest {
  private static final Duration INTERVAL = Duration.ofMinutes(1);
  private static final String PASSWORD = "dora's password";

  @TempDir Path dir;
  private final MovingClock clock = new MovingClock(Instant.parse("2025-06-01T10:00:00Z"));
  private final FakeDirectory directory = new FakeDirectory();
  private AccessService access;

  @BeforeEach
  void start() {
    Map<String, String> env =
        Map.of(
            "HOME", dir.toString(),
            "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
            "EXAMLOPS_PLATFORM_DB", dir.resolve("platform.db").toString());
    Fleet fleet = Fleet.of(TestFleets.settings(env), clock);
    fleet
        .access()
        .addUser(new Actor("setup", Actor.CLI), "ann", Role.ADMIN, "ann's password".toCharArray());
    access = fleet.access().withDirectory(directory, INTERVAL);
    directory.roles.put("dora", Role.ADMIN);
  }

  @Test
  void aSessionsRoleFollowsTheDirectoryAskedNowForChangesAndAtMostAnIntervalAgoForReads() {
    Credential dora = access.signIn("console", "dora", PASSWORD.toCharArray()).orElseThrow();
    assertThat(dora.directory()).isTrue();
    assertThat(dora.role()).isEqualTo(Role.ADMIN);

    directory.roles.put("dora", Role.VIEWER);
    assertThat(access.grounds(dora, false)).map(Credential::role).contains(Role.ADMIN);
    assertThat(access.grounds(dora, true)).map(Credential::role).contains(Role.VIEWER);
    // The answer asked for now stands for reads too.
    assertThat(access.grounds(dora, false)).map(Credential::role).contains(Role.VIEWER);

    directory.roles.put("dora", Role.ADMIN);
    clock.advance(INTERVAL.plusSeconds(1));
    assertThat(access.grounds(dora, false)).map(Credential::role).contains(Role.ADMIN);

    directory.roles.remove("dora");
    assertThat(access.grounds(dora, true)).isEmpty();
  }

  @Test
  void aSessionNeverGainsARoleItDidNotSignInWith() {
    directory.roles.put("dora", Role.VIEWER);
    Credential dora = access.signIn("console", "dora", PASSWORD.toCharArray()).orElseThrow();
    directory.roles.put("dora", Role.ADMIN);
    assertThat(access.grounds(dora, true)).map(Credential::role).contains(Role.VIEWER);
  }

  @Test
  void aDirectoryThatCannotBeAskedRefusesAndLeavesNothingBehind() {
    Credential dora = access.signIn("console", "dora", PASSWORD.toCharArray()).orElseThrow();
    directory.down = true;
    assertThatThrownBy(() -> access.grounds(dora, true))
        .isInstanceOfSatisfying(
            FleetException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONNECT_FAILED));
    clock.advance(INTERVAL.plusSeconds(1));
    assertThatThrownBy(() -> access.grounds(dora, false)).isInstanceOf(FleetException.class);
    assertThatThrownBy(() -> access.signIn("console", "dora", PASSWORD.toCharArray()))
        .isInstanceOf(FleetException.class);
    // The local users need no directory.
    assertThat(access.signIn("console", "ann", "ann's password".toCharArray())).isPresent();
  }

  @Test
  void localUsersComeFirstAndEmptyPasswordsNeverReachTheDirectory() {
    directory.roles.put("ann", Role.ADMIN);
    assertThat(access.signIn("console", "ann", PASSWORD.toCharArray())).isEmpty();
    assertThat(access.signIn("console", "Ann", PASSWORD.toCharArray())).isEmpty();
    assertThat(access.signIn("console", "dora", new char[0])).isEmpty();
    assertThat(directory.asked).isZero();
  }

  @Test
  void aUserInNoGroupIsRefusedSayingSo() {
    directory.roles.put("nora", null);
    assertThatThrownBy(() -> access.signIn("console", "nora", PASSWORD.toCharArray()))
        .isInstanceOfSatisfying(
            FleetException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.NOT_PERMITTED))
        .hasMessageContaining("puts it in none of this console's groups")
        .hasMessageContaining("cn=admins,dc=example,dc=org");
  }

  /** Knows the users of {@link #roles} (a {@code null} role: in no group), all with PASSWORD. */
  private static final class FakeDirectory implements Directory {
    final Map<String, Role> roles = new HashMap<>();
    boolean down;
    int asked;

    @Override
    public Optional<Entry> authenticate(String name, char[] password) {
      return String.valueOf(password).equals(PASSWORD) ? lookUp(name) : Optional.empty();
    }

    @Override
    public Optional<Entry> lookUp(String name) {
      asked++;
      if (down) {
        throw new DirectoryUnavailable(
            ErrorKind.CONNECT_FAILED, "the directory cannot be asked (down)", null);
      }
      return roles.containsKey(name)
          ? Optional.of(new Entry(name, roles.get(name), List.of()))
          : Optional.empty();
    }

    @Override
    public List<String> problems() {
      return List.of();
    }

    @Override
    public String describe() {
      return "ldaps://fake:636";
    }

    @Override
    public List<String> adminGroups() {
      return List.of("cn=admins,dc=example,dc=org");
    }

    @Override
    public List<String> viewerGroups() {
      return List.of();
    }
  }
}
