package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.javalin.security.RouteRole;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A route that declares no clear need is refused to everyone, never served to anyone. */
class NeedsTest {
  @Test
  void aRouteThatDeclaresNothingOrAnyoneBesideAScopeIsABug() {
    assertThatThrownBy(() -> Needs.declaredBy(Set.of())).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> Needs.declaredBy(Set.of(Needs.ANYONE, Needs.ADMIN)))
        .isInstanceOf(IllegalStateException.class);
    RouteRole foreign = new RouteRole() {};
    assertThatThrownBy(() -> Needs.declaredBy(Set.of(Needs.READ, foreign)))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aRouteNeedsAllItDeclares() {
    assertThat(Needs.declaredBy(Set.of(Needs.READ, Needs.ADMIN)))
        .containsExactlyInAnyOrder(Needs.READ, Needs.ADMIN);
    assertThat(Needs.ANYONE.scope()).isNull();
    assertThat(Needs.SIGNED_IN.scope()).isNull();
  }
}
