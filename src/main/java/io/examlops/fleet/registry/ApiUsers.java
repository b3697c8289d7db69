package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.transport.ActingRunner;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.HttpApi;

/**
 * Who a request through a cluster's API is for, as {@code rest_users} names fleet users: an API
 * token as {@code token:NAME} (the name an agent gives itself is its word; the token is what the
 * console checked), anyone else by their user name.
 */
final class ApiUsers {
  static final String TOKEN_PREFIX = "token:";

  private ApiUsers() {}

  static String fleetUser(Actor actor) {
    return actor.token() != null ? TOKEN_PREFIX + actor.token().name() : actor.name();
  }

  static CommandRunner acting(CommandRunner runner, HttpApi.Acting acting) {
    return new ActingRunner(runner, acting);
  }
}
