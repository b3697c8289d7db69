package io.examlops.fleet.model.access;

import io.examlops.fleet.model.FleetException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What an API token may do: {@code read} the fleet, {@code submit} work (pipelines), {@code admin}
 * approve and reject. Each scope is granted on its own; none implies another.
 */
public enum TokenScope {
  READ,
  SUBMIT,
  ADMIN;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Scopes from a comma- or space-separated list, e.g. {@code read,submit}; one at least. */
  public static Set<TokenScope> parseAll(String list) {
    Set<TokenScope> scopes = EnumSet.noneOf(TokenScope.class);
    for (String word : (list == null ? "" : list).split("[,\\s]+")) {
      if (!word.isEmpty()) {
        scopes.add(parse(word));
      }
    }
    if (scopes.isEmpty()) {
      throw FleetException.invalid(
          "a token needs at least one scope: read, submit or admin (e.g. read,submit)");
    }
    return scopes;
  }

  static TokenScope parse(String word) {
    return Arrays.stream(values())
        .filter(s -> s.label().equals(word.toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                FleetException.invalid(
                    "scope "
                        + io.examlops.fleet.model.Printable.quoted(word)
                        + " is not a token scope: use read, submit or admin"));
  }
}
