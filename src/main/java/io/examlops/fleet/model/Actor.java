package io.examlops.fleet.model;

import java.util.Objects;

/**
 * Who acts on the fleet and through which surface, for the audit trail: {@code alice via cli},
 * {@code bob via console}, {@code ann via mcp:claude-ai}, {@code train#42 via jenkins}. Each
 * surface says who its user is; the core records both.
 *
 * @param name the acting user: one line of at most {@link #MAX_LENGTH} characters
 * @param surface the surface the request came through: a short lower-case word, optionally
 *     qualified after a colon ({@code mcp:claude-ai})
 * @param vouchedBy who vouches that {@code name} decided, when that person did not sign in here
 *     (the API token of a Jenkins controller that records who clicked in a governance job, e.g.
 *     {@code token 1a2b3c4d 'jenkins' of jenkins-bot}); {@code null} when the user acts itself
 * @param token the API token the user acts with, whose limits hold for what it submits; {@code
 *     null} for a person signed in, the CLI, or an MCP server on this machine
 */
public record Actor(String name, String surface, String vouchedBy, ActingToken token) {
  /** The longest acting-user name accepted: it is shown in tables and stored in every event. */
  public static final int MAX_LENGTH = 200;

  /**
   * A surface: a short lower-case word, optionally followed by a colon and the client or job it
   * came through ({@code mcp:claude-ai}, {@code jenkins:train#42}).
   */
  private static final String SURFACE = "[a-z][a-z0-9-]{0,31}(:[A-Za-z0-9._#/@+-]{1,100})?";

  /** Surfaces of this product; other surfaces name themselves the same way. */
  public static final String CLI = "cli";

  public static final String CONSOLE = "console";
  public static final String MCP = "mcp";
  public static final String JENKINS = "jenkins";

  /**
   * @throws FleetException {@link ErrorKind#INVALID_REQUEST} for a blank or multi-line name, or a
   *     surface that is not a short lower-case word
   */
  public Actor {
    Objects.requireNonNull(name, "name");
    vouchedBy =
        vouchedBy == null ? null : OneLine.require("who vouches", vouchedBy, 400, "vouchedBy");
    Objects.requireNonNull(surface, "surface");
    name = OneLine.require("the acting user", name, MAX_LENGTH, "name");
    if (!surface.matches(SURFACE)) {
      throw FleetException.invalid(
          "the surface " + Printable.quoted(surface) + " is not a short lower-case word",
          "surface");
    }
  }

  /** Someone acting itself, or vouched for, through a surface, with no token's limits. */
  public Actor(String name, String surface, String vouchedBy) {
    this(name, surface, vouchedBy, null);
  }

  /** Someone acting itself through a surface. */
  public Actor(String name, String surface) {
    this(name, surface, null, null);
  }

  /** The same actor, acting with {@code with}. */
  public Actor withToken(ActingToken with) {
    return new Actor(name, surface, vouchedBy, with);
  }

  /** Someone acting through the CLI. */
  public static Actor cli(String name) {
    return new Actor(name, CLI);
  }

  /** {@code alice via cli}. */
  @Override
  public String toString() {
    return name + " via " + surface;
  }
}
