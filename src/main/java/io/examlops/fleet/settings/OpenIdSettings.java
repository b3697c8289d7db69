package io.examlops.fleet.settings;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The OpenID Provider the console signs users in with ({@code exa console --oidc FILE}), as its
 * settings file said, checked when the console starts (the surface reads and checks the file). A
 * user signs in there (authorization code flow with PKCE); the ID token's groups claim gives its
 * role at each sign-in, and its session lasts no longer than the ID token.
 *
 * @param file the settings file, named in messages
 * @param issuer the provider's issuer identifier: {@code https://}, or {@code http://} to this
 *     machine's loopback only; its metadata is at {@code issuer/.well-known/openid-configuration}
 * @param name what the sign-in page's button calls it ("Sign in with NAME")
 * @param clientId the console's client id at the provider
 * @param clientSecret the console's client secret there, from a file of its own, never the settings
 *     file
 * @param redirectUri where the provider sends the browser back; {@code null}: this console's {@code
 *     /login/oidc/callback} at the address the browser used
 * @param scopes asked for besides {@code openid}
 * @param userClaim the ID token's claim holding the user's name in the console
 * @param groupsClaim the ID token's claim listing the user's groups
 * @param adminGroups the groups whose members are admins
 * @param viewerGroups the groups whose members are viewers (an admin group wins)
 * @param timeout the longest wait to connect and for each answer of the provider
 */
public record OpenIdSettings(
    Path file,
    URI issuer,
    String name,
    String clientId,
    Secret clientSecret,
    URI redirectUri,
    List<String> scopes,
    String userClaim,
    String groupsClaim,
    List<String> adminGroups,
    List<String> viewerGroups,
    Duration timeout) {
  /** The path of the console's callback, under which the provider sends the browser back. */
  public static final String CALLBACK = "/login/oidc/callback";

  public OpenIdSettings {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(issuer, "issuer");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(clientId, "clientId");
    Objects.requireNonNull(clientSecret, "clientSecret");
    scopes = List.copyOf(scopes);
    Objects.requireNonNull(userClaim, "userClaim");
    Objects.requireNonNull(groupsClaim, "groupsClaim");
    adminGroups = List.copyOf(adminGroups);
    viewerGroups = List.copyOf(viewerGroups);
    Objects.requireNonNull(timeout, "timeout");
  }

  /** The provider in a few words: {@code Example SSO (https://sso.example.org/realms/hpc)}. */
  public String describe() {
    return name + " (" + issuer + ")";
  }

  @Override
  public String toString() {
    return "OpenIdSettings[" + describe() + ", clientId=" + clientId + ", secret hidden]";
  }
}
