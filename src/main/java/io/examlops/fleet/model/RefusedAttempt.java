package io.examlops.fleet.model;

import java.util.Locale;
import java.util.Objects;

/**
 * A request refused before it changed anything, as the audit trail records it (action {@code
 * refused}): who tried, from where, what, and why it was refused. Never a password, a token's
 * secret or a session's cookie: a name typed at sign-in is kept as typed (cut to {@link
 * #MAX_NAME}), a token is named by its id and name.
 *
 * @param who the user: a session's, a token's owner, the name typed at sign-in, or {@link
 *     #UNKNOWN_TOKEN} for a token nobody holds
 * @param surface the surface the request came through ({@code console}, {@code mcp}, ...)
 * @param from the address the request came from; {@code null} where the refusal happens without one
 *     (the jobs service refusing what a token's limits leave no room for)
 * @param what what was tried: {@code sign-in}, {@code POST /clusters/gpu1/approve}, {@code submit
 *     to gpu1}
 * @param why the kind of refusal; what the trail counts together
 * @param message the refusal's own words, as the requester was told
 * @param token the API token it came with ({@code 'jenkins' (1a2b3c4d)}); {@code null}: none
 */
public record RefusedAttempt(
    String who, String surface, String from, String what, Why why, String message, String token) {
  /** The longest name kept of what was typed as a user's name. */
  public static final int MAX_NAME = 64;

  /** Who a token nobody holds (unknown, or not a token at all) stands for. */
  public static final String UNKNOWN_TOKEN = "(unknown token)";

  /** The kinds of refusal, each a word of the trail. */
  public enum Why {
    /** A sign-in with a user name and password that do not match. */
    WRONG_PASSWORD,
    /** A directory user with the right password whom the console does not admit. */
    NOT_ADMITTED,
    /** A sign-in of a directory user while the directory cannot be asked. */
    DIRECTORY_UNAVAILABLE,
    /** A sign-in during the delay after several wrong passwords. */
    SIGN_IN_DELAY,
    /** A sign-in form that did not come from the console's own sign-in page. */
    FOREIGN_FORM,
    /** An unknown or revoked API token, or an Authorization header that is not a bearer token. */
    BAD_TOKEN,
    /** A session whose user was removed, or whose role or password changed, since sign-in. */
    SESSION_ENDED,
    /** A change sent by a session without its CSRF token. */
    CSRF,
    /** A request without the scope (or the session) the route needs. */
    SCOPE,
    /** A submission beyond what its token's limits allow. */
    TOKEN_LIMIT,
    /** A decision made for someone who is not an admin of the console now. */
    NOT_AN_ADMIN;

    /** {@code wrong-password}: the word the trail records. */
    public String word() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public RefusedAttempt {
    who = name(who);
    Objects.requireNonNull(surface, "surface");
    what = line(what, 200);
    Objects.requireNonNull(why, "why");
    message = message == null ? null : line(message, 500);
  }

  /**
   * A name as the trail keeps it: what was typed, stripped and cut to {@link #MAX_NAME}; {@code (no
   * name)} for nothing, and a name that is not one plain line named as such, never kept.
   */
  private static String name(String typed) {
    String name = typed == null ? "" : typed.strip();
    if (name.isEmpty()) {
      return "(no name)";
    }
    if (!OneLine.isPlain(name)) {
      return "(a name that is not one plain line)";
    }
    return name.length() > MAX_NAME ? name.substring(0, MAX_NAME) + "…" : name;
  }

  private static String line(String text, int max) {
    String one = text == null ? "" : text.strip();
    if (!OneLine.isPlain(one)) {
      one = one.replaceAll("\\p{Cntrl}|\\p{Cf}", "?");
    }
    return one.length() > max ? one.substring(0, max) + "…" : one;
  }

  /**
   * The same attempt as counted with the others from its address once the address has its share of
   * the trail for now ({@code who}, {@code what} and {@code why} no longer told apart).
   */
  public RefusedAttempt folded() {
    return new RefusedAttempt(OTHERS, surface, from, OTHERS, why, null, null);
  }

  /** Who and what a folded attempt names. */
  public static final String OTHERS = "(others)";
}
