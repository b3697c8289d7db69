package io.examlops.fleet.console;

/**
 * What every page's frame shows: its title, who is signed in, their CSRF token, how many clusters
 * wait.
 *
 * @param live whether the page follows changes ({@code GET /live}) and fetches itself again: a page
 *     that answered a form does not, as fetching it would send the form again
 */
public record PageFrame(
    String title,
    String user,
    String role,
    boolean admin,
    String csrf,
    long pending,
    boolean live) {}
