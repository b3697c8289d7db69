package io.examlops.fleet.console;

/** What every page's frame shows: who is signed in, the CSRF token, pending clusters. */
public record PageFrame(
    String title, String user, String role, boolean admin, String csrf, long pending) {}
