package io.examlops.fleet.model;

import java.util.Objects;

/**
 * The API token a request came with, as far as what it may do goes: the jobs it submits are
 * recorded under its id, and its limits hold for them.
 *
 * @param id the token's id (not its secret)
 * @param name its name, as its admin gave it ({@code jenkins-prod})
 * @param limits what it may use
 */
public record ActingToken(String id, String name, TokenLimits limits) {
  public ActingToken {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(limits, "limits");
  }

  /** {@code 'jenkins-prod' (1a2b3c4d)}, as refusals name it. */
  public String words() {
    return Printable.quoted(name) + " (" + id + ")";
  }
}
