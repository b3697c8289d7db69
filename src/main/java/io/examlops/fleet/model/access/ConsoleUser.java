package io.examlops.fleet.model.access;

import java.time.Instant;

/** A local user of the console; the password hash never leaves the access store. */
public record ConsoleUser(
    String name, Role role, Instant createdAt, String createdBy, Instant passwordChangedAt) {
  public boolean admin() {
    return role == Role.ADMIN;
  }
}
