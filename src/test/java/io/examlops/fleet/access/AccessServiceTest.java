package io.examlops.fleet.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.InitialAdmin;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The access service's own rules, over a real platform.db (the store's, such as the last admin
 * staying, are {@link AccessStoreTest}'s): signing in without a directory, what a session stands
 * on, the first admin's one-time password, whom an on-behalf token may speak for, and what a
 * refused token's secret tells.
 */
class AccessServiceTest {
  private static final Actor ROOT = Actor.cli("root");
  private static final String JENKINS = "jenkins:fleet-governance#12";
  private static final char[] ANNS = "correct horse battery".toCharArray();
  private static final char[] BOBS = "staple battery horse".toCharArray();

  @TempDir Path dir;
  private AccessService access;

  @BeforeEach
  void aServiceOverAFreshPlatformDb() {
    access = TestFleets.in(dir, Map.of()).access();
  }

  @Test
  void withoutADirectoryASignInIsTheLocalPasswordCheck() {
    access.addUser(ROOT, "ann", Role.ADMIN, ANNS.clone());

    assertThat(access.signIn(Actor.CONSOLE, "ann", ANNS.clone()))
        .hasValueSatisfying(
            c -> {
              assertThat(c.user()).isEqualTo("ann");
              assertThat(c.role()).isEqualTo(Role.ADMIN);
              assertThat(c.origin()).isEqualTo(Credential.Origin.LOCAL);
            });
    assertThat(access.signIn(Actor.CONSOLE, "ann", BOBS.clone())).isEmpty();
    assertThat(access.signIn(Actor.CONSOLE, "nobody", ANNS.clone())).isEmpty();
    assertThat(access.directory()).isEmpty();
    assertThat(access.directoryProblems()).isEmpty();
    assertThat(access.provider()).isEmpty();
  }

  @Test
  void aSessionStandsOnItsUsersStampUntilThePasswordChanges() {
    access.addUser(ROOT, "ann", Role.ADMIN, ANNS.clone());
    Credential signedIn = access.signIn(Actor.CONSOLE, "ann", ANNS.clone()).orElseThrow();

    assertThat(access.grounds(signedIn, true)).contains(signedIn);
    access.setPassword(ROOT, "ann", BOBS.clone());
    assertThat(access.grounds(signedIn, true)).as("its password changed").isEmpty();

    Credential fromNowhere =
        new Credential("carol", Role.ADMIN, "stamp", false, Credential.Origin.DIRECTORY);
    assertThat(access.grounds(fromNowhere, true))
        .as("a directory user's session, on a console with no directory")
        .isEmpty();
  }

  @Test
  void theFirstAdminIsMadeOnceAndItsPasswordFileGoesWithItsPassword() {
    InitialAdmin first = access.createFirstAdmin(ROOT).orElseThrow();
    assertThat(first.user()).isEqualTo("admin");
    assertThat(Path.of(first.passwordFile())).exists();
    assertThat(access.createFirstAdmin(ROOT)).as("users exist").isEmpty();
    assertThat(access.requireUser("admin").role()).isEqualTo(Role.ADMIN);

    access.setPassword(ROOT, "admin", ANNS.clone());
    assertThat(Path.of(first.passwordFile())).doesNotExist();
  }

  @Test
  void anUnknownUserIsRefusedNamingTheUsersThereAre() {
    access.addUser(ROOT, "ann", Role.ADMIN, ANNS.clone());

    assertThatThrownBy(() -> access.requireUser("nobody"))
        .isInstanceOfSatisfying(
            FleetException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN_USER);
              assertThat(e.getMessage()).contains("nobody", "ann");
            });
  }

  @Test
  void anOnBehalfTokenSpeaksOnlyForAnAdminNowThroughAnotherSystemsRun() {
    access.addUser(ROOT, "ann", Role.ADMIN, ANNS.clone());
    access.addUser(ROOT, "bob", Role.VIEWER, BOBS.clone());
    ApiToken token =
        access.createToken(ROOT, "ann", "jenkins", Set.of(TokenScope.ON_BEHALF)).token();

    Actor decided = access.onBehalf(token, "ann", JENKINS);
    assertThat(decided.name()).isEqualTo("ann");
    assertThat(decided.surface()).isEqualTo(JENKINS);
    assertThat(decided.vouchedBy()).contains(token.id(), "'jenkins'", "ann");

    assertThatThrownBy(() -> access.onBehalf(token, "bob", JENKINS))
        .isInstanceOfSatisfying(
            FleetException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.NOT_PERMITTED);
              assertThat(e.getMessage()).contains("bob", "not an admin", "nothing was decided");
            });
    for (String own : new String[] {Actor.CONSOLE, "cli:x#1", "jenkins", " "}) {
      assertThatThrownBy(() -> access.onBehalf(token, "ann", own))
          .as("the surface %s", own)
          .isInstanceOfSatisfying(
              FleetException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.INVALID_REQUEST);
                assertThat(e.fields()).containsExactly("via");
              });
    }
    assertThatThrownBy(() -> access.onBehalf(token, " ", JENKINS))
        .isInstanceOfSatisfying(
            FleetException.class, e -> assertThat(e.fields()).containsExactly("user"));
  }

  @Test
  void aRevokedTokensSecretAdmitsNothingButNamesWhoseItWas() {
    access.addUser(ROOT, "ann", Role.ADMIN, ANNS.clone());
    IssuedToken issued = access.createToken(ROOT, "ann", "ci", Set.of(TokenScope.READ));
    assertThat(access.authenticateToken(issued.secret()))
        .hasValueSatisfying(g -> assertThat(g.scopes()).containsExactly(TokenScope.READ));

    access.revokeToken(ROOT, issued.token().id());

    assertThat(access.authenticateToken(issued.secret())).isEmpty();
    assertThat(access.refusedToken(issued.secret()))
        .hasValueSatisfying(
            t -> {
              assertThat(t.owner()).isEqualTo("ann");
              assertThat(t.revokedBy()).startsWith("root");
            });
    String secret = issued.secret();
    char last = secret.charAt(secret.length() - 1);
    String guessed = secret.substring(0, secret.length() - 1) + (last == 'x' ? 'y' : 'x');
    assertThat(access.refusedToken(guessed)).as("a secret no token has").isEmpty();
  }
}
