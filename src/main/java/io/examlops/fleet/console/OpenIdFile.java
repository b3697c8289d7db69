package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.settings.OpenIdSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the console's OpenID Provider settings file ({@code exa console --oidc FILE}) into {@link
 * OpenIdSettings}, once, when the console starts: every problem is refused then, naming the file,
 * the key and what it should hold. The file holds no secret: the client secret comes from a file of
 * its own (owner-only), never from this file, the command line or the environment.
 */
final class OpenIdFile {
  private static final Set<String> KEYS =
      Set.of(
          "issuer",
          "name",
          "clientId",
          "clientSecretFile",
          "redirectUri",
          "scopes",
          "userClaim",
          "groupsClaim",
          "roles",
          "timeout");

  /** A scope as RFC 6749 (3.3) spells one. */
  private static final Pattern SCOPE = Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,100}");

  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
  static final Duration MAX_TIMEOUT = Duration.ofSeconds(60);
  private static final int MAX_WORD = 100;

  private final Path file;
  private final SettingsYaml yaml;

  private OpenIdFile(Path file) {
    this.file = file;
    this.yaml = new SettingsYaml(file, "the OIDC settings", "Sign in with OIDC");
  }

  /**
   * The settings the file holds, with the client secret from the file it names.
   *
   * @throws FleetException (invalid request) naming the file, the key and the fix
   */
  static OpenIdSettings read(Path file) {
    return new OpenIdFile(file).read();
  }

  private OpenIdSettings read() {
    JsonNode root =
        yaml.root(
            "that says which OpenID Provider signs users in",
            "issuer: https://sso.example.org/realms/hpc",
            KEYS);
    URI issuer = address("issuer", yaml.text(root, "issuer", "https://sso.example.org/realms/hpc"));
    URI redirectUri =
        root.hasNonNull("redirectUri")
            ? callback(
                address(
                    "redirectUri",
                    yaml.text(
                        root,
                        "redirectUri",
                        "https://fleet.example.org" + OpenIdSettings.CALLBACK)))
            : null;
    SettingsYaml.Roles roles =
        yaml.roles(
            root,
            "the provider's groups (as its ID tokens' groups claim names them), e.g. roles:"
                + " {admin: hpc-admins, viewer: [hpc-users, hpc-auditors]}",
            "[hpc-admins, hpc-operators]",
            this::word);
    return new OpenIdSettings(
        file,
        issuer,
        word("name", yaml.optionalText(root, "name", issuer.getHost())),
        word("clientId", yaml.text(root, "clientId", "hpc-fleet-console")),
        yaml.secretFile(
            "clientSecretFile",
            yaml.path(root, "clientSecretFile", "/etc/examlops/oidc-client-secret"),
            "the console's client secret"),
        redirectUri,
        scopes(root),
        word("userClaim", yaml.optionalText(root, "userClaim", "preferred_username")),
        word("groupsClaim", yaml.optionalText(root, "groupsClaim", "groups")),
        roles.admin(),
        roles.viewer(),
        yaml.seconds(root, "timeout", DEFAULT_TIMEOUT, Duration.ofSeconds(1), MAX_TIMEOUT));
  }

  /**
   * An address the console sends browsers or secrets to: https, or http to this machine's loopback
   * only (the rule of every URL the fleet sends a credential to); no user, query or fragment.
   */
  private URI address(String key, String text) {
    URI url = yaml.url(key, text, "https://HOST[:PORT][/PATH]");
    String scheme = SettingsYaml.scheme(url);
    if (url.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
      throw yaml.invalid(
          key,
          "is "
              + Printable.quoted(text)
              + ", not https://HOST[:PORT][/PATH] (or http:// to this machine's loopback address)");
    }
    if (url.getRawQuery() != null || url.getRawFragment() != null || url.getRawUserInfo() != null) {
      throw yaml.invalid(
          key,
          "is "
              + Printable.quoted(text)
              + ", which carries a query, fragment or user: give only https://HOST[:PORT][/PATH]");
    }
    if (scheme.equals("http") && !ApiSettings.loopback(url.getHost())) {
      throw yaml.invalid(
          key,
          "is "
              + Printable.quoted(text)
              + ", plain http to "
              + url.getHost()
              + ", which would send sign-ins and the client secret in clear: use https, or http"
              + " only to 127.0.0.1, ::1 or localhost");
    }
    return url;
  }

  private URI callback(URI uri) {
    if (!OpenIdSettings.CALLBACK.equals(uri.getRawPath())) {
      throw yaml.invalid(
          "redirectUri",
          "is "
              + Printable.quoted(uri.toString())
              + ": it must end in the console's callback, "
              + OpenIdSettings.CALLBACK
              + ", e.g. https://fleet.example.org"
              + OpenIdSettings.CALLBACK);
    }
    return uri;
  }

  private List<String> scopes(JsonNode root) {
    JsonNode value = root.get("scopes");
    if (value == null || value.isNull()) {
      return List.of("profile");
    }
    if (!value.isArray()) {
      throw yaml.invalid("scopes", "must be a list, e.g. scopes: [profile, groups]");
    }
    List<String> scopes = new ArrayList<>();
    for (JsonNode scope : value) {
      if (!scope.isTextual() || !SCOPE.matcher(scope.asText()).matches()) {
        throw yaml.invalid(
            "scopes",
            "holds "
                + Printable.quoted(scope.asText())
                + ", not a scope: give words like profile or groups");
      }
      scopes.add(scope.asText());
    }
    return scopes;
  }

  /** A name, claim or group: one plain line. */
  private String word(String key, String text) {
    if (text.length() > MAX_WORD || !OneLine.isPlain(text)) {
      throw yaml.invalid(
          key,
          "is "
              + Printable.quoted(OneLine.escaped(text))
              + ": give text of at most "
              + MAX_WORD
              + " characters on one line");
    }
    return text;
  }
}
