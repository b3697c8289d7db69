package io.examlops.fleet.bench;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.TestFleets;
import java.util.EnumSet;
import java.util.Map;

/**
 * The gateway benchmark's agent token (scripts/bench/gateway.sh): a viewer {@code ci} and its token
 * with the read and submit scopes, on the stores the environment names. Prints the token.
 */
public final class GatewayBenchToken {
  private GatewayBenchToken() {}

  public static void main(String[] args) {
    var access = TestFleets.fleet(Map.copyOf(System.getenv())).access();
    Actor bench = new Actor("bench", "cli");
    access.addUser(
        bench, "ci", Role.VIEWER, ("a long password " + System.nanoTime()).toCharArray());
    System.out.println(
        access
            .createToken(bench, "ci", "agents", EnumSet.of(TokenScope.READ, TokenScope.SUBMIT))
            .secret());
  }
}
