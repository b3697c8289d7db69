package io.examlops.fleet.settings;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The fleet console an agent works through (central mode), and the API token it sends: cluster
 * states and snapshots are read there, and the console places, submits, follows and cancels for the
 * agent, which talks to no cluster itself. The token is a secret: it is never part of a message or
 * of {@link #toString()}.
 *
 * @param url the console's address, {@code http} or {@code https}, without a path
 * @param token a console API token with the {@code read} scope (and {@code submit} to submit)
 */
public record CentralServer(URI url, String token) {
  private static final String SERVER_VARIABLE = Variables.SERVER;

  private static final String TOKEN_VARIABLE = Variables.TOKEN;

  public CentralServer {
    checkAddress(url);
    if (token == null || token.isBlank()) {
      throw FleetException.invalid(
          SERVER_VARIABLE
              + " names a console ("
              + url
              + ") but "
              + TOKEN_VARIABLE
              + " is not set: set it to a console API token with the read and submit scopes (in"
              + " Jenkins, bind a secret-text credential with withCredentials), or unset "
              + SERVER_VARIABLE
              + " to use this machine's registry",
          "token");
    }
    token = token.strip();
    if (token.chars().anyMatch(c -> c <= ' ' || c > '~')) {
      throw FleetException.invalid(
          TOKEN_VARIABLE
              + " holds a space, a line break or another character no console token has: set"
              + " it to the token exactly as the console showed it",
          "token");
    }
  }

  /**
   * The console named by {@code server}, e.g. {@code https://fleet.example.org}.
   *
   * @throws FleetException naming the variable when it is not an http(s) address
   */
  public static CentralServer of(String server, String token) {
    return new CentralServer(address(server), token);
  }

  /**
   * A console's address, as {@code EXAMLOPS_SERVER} or an agent's configuration gives it: {@code
   * http(s)://HOST[:PORT]}, a trailing slash dropped.
   *
   * @throws FleetException saying what is wrong with it, never showing a credential in it
   */
  public static URI address(String server) {
    String text = server.strip();
    try {
      URI url = new URI(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
      checkAddress(url);
      return url;
    } catch (URISyntaxException e) {
      throw FleetException.invalid(
          SERVER_VARIABLE
              + " is "
              + Printable.quoted(shown(text))
              + ", which is not a URL ("
              + e.getReason()
              + "): use http(s)://HOST[:PORT]",
          "server");
    }
  }

  private static void checkAddress(URI url) {
    if (url != null && url.getRawUserInfo() != null) {
      throw FleetException.invalid(
          SERVER_VARIABLE
              + " is "
              + Printable.quoted(shown(url.toString()))
              + ", which carries a user name or credential before its host (not shown): give the"
              + " console's address alone, http(s)://HOST[:PORT], and the token in "
              + TOKEN_VARIABLE
              + " (a credential written into a URL ends up in logs and shell histories; if it"
              + " was a token, have it revoked)",
          "server");
    }
    if (url == null
        || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))
        || url.getHost() == null
        || !(url.getRawPath() == null || url.getRawPath().isEmpty())
        || url.getRawQuery() != null) {
      throw FleetException.invalid(
          SERVER_VARIABLE
              + " is "
              + Printable.quoted(String.valueOf(url))
              + ", which is not a console address: use http(s)://HOST[:PORT] without a path,"
              + " e.g. https://fleet.example.org (the API is at /api/v1 of the console's own"
              + " address)",
          "server");
    }
  }

  /**
   * An address as a message may show it: whatever stands between {@code //} and {@code @} hidden.
   */
  private static String shown(String address) {
    return USER_INFO.matcher(address).replaceFirst("$1(hidden)@");
  }

  private static final java.util.regex.Pattern USER_INFO =
      java.util.regex.Pattern.compile("^([^/]*//)[^@]*@");

  /** The address only: the token never reaches a message. */
  @Override
  public String toString() {
    return url.toString();
  }
}
