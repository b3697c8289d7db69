package io.examlops.fleet.model.access;

import io.examlops.fleet.model.FleetException;
import java.util.Arrays;
import java.util.Locale;

/** What a console user may do: admins approve, reject and manage access; viewers only read. */
public enum Role {
  ADMIN,
  VIEWER;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The role a label names, or an error that lists the roles. */
  public static Role parse(String label) {
    return Arrays.stream(values())
        .filter(
            r -> r.label().equals(label == null ? null : label.strip().toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                FleetException.invalid(
                    "role "
                        + io.examlops.fleet.model.Printable.quoted(label)
                        + " is not a role: use admin or viewer"));
  }
}
