package io.examlops.fleet.model.access;

import io.examlops.fleet.model.FleetException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an API token may do: {@code read} the fleet, {@code submit} work (pipelines), {@code admin}
 * approve and reject, {@code on-behalf} approve and reject for a named console admin who decided
 * elsewhere (a Jenkins governance job, which vouches for the person who clicked). Each scope is
 * granted on its own; none implies another.
 */
public enum TokenScope {
  READ,
  SUBMIT,
  ADMIN,
  /**
   * Approve and reject on behalf of a named console admin, and nothing else: what a Jenkins
   * controller holds to record the person who clicked. Only a token an admin owns may hold it, and
   * a signed-in session never has it (a person decides as themselves).
   */
  ON_BEHALF;

  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Every scope's label, e.g. for the messages that list them. */
  public static String labels() {
    return Arrays.stream(values()).map(TokenScope::label).collect(Collectors.joining(", "));
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
          "a token needs at least one scope: " + labels() + " (e.g. read,submit)");
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
                        + " is not a token scope: use one of "
                        + labels()));
  }
}
