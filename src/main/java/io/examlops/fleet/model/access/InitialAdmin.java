package io.examlops.fleet.model.access;

/**
 * The first admin the console created because no user existed.
 *
 * @param user its name, {@code admin}
 * @param passwordFile the owner-only file beside platform.db that holds its one-time password
 */
public record InitialAdmin(String user, String passwordFile) {}
