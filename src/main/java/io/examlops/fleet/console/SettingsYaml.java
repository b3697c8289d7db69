package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OwnerOnly;
import io.examlops.fleet.settings.Secret;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * One of the console's sign-in settings files ({@code --ldap FILE}, {@code --oidc FILE}) read as
 * YAML, once, when the console starts: each refusal names the file, the key, and what it should
 * hold. Such a file says who is an admin, so one that others than its owner may write is refused; a
 * secret comes from a file of its own, readable by its owner only.
 *
 * @param what the file in words, starting each refusal: {@code the directory settings}
 * @param section the section of docs/console.md that shows an example
 */
record SettingsYaml(Path file, String what, String section) {
  private static final int MAX_BYTES = 64 * 1024;
  private static final long MAX_SECRET_FILE_BYTES = 4096;
  private static final Set<String> ROLE_KEYS = Set.of("admin", "viewer");
  private static final Set<PosixFilePermission> WRITABLE_BY_OTHERS =
      EnumSet.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

  /** The groups of each role, as {@code roles.admin} and {@code roles.viewer} give them. */
  record Roles(List<String> admin, List<String> viewer) {}

  /**
   * The file's mapping, with none but {@code keys}.
   *
   * @param purpose what the file is, for a missing one: {@code that says how to reach the LDAP
   *     directory}
   * @param example its first line, for a file that is no mapping: {@code url: ldaps://...}
   */
  JsonNode root(String purpose, String example, Set<String> keys) {
    if (!Files.isRegularFile(file)) {
      throw FleetException.invalid(
          what
              + " "
              + file
              + " are not a regular file (missing, a directory, a device or a FIFO): give the"
              + " YAML file "
              + purpose
              + " (docs/console.md, \""
              + section
              + "\")");
    }
    try {
      Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
      Set<PosixFilePermission> wide = EnumSet.copyOf(WRITABLE_BY_OTHERS);
      wide.retainAll(mode);
      if (!wide.isEmpty()) {
        throw FleetException.invalid(
            what
                + " "
                + file
                + " are "
                + PosixFilePermissions.toString(mode)
                + ": others than their owner may write them, and they say who is an admin; make"
                + " them writable by their owner only (chmod go-w "
                + file
                + ")");
      }
    } catch (IOException | UnsupportedOperationException noModes) {
      // a file system without modes: nothing to check
    }
    JsonNode root;
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw FleetException.invalid(
            what + " " + file + " are larger than " + MAX_BYTES + " bytes");
      }
      root =
          new ObjectMapper(new YAMLFactory())
              .readTree(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw FleetException.invalid(
          what
              + " "
              + file
              + " cannot be read as YAML ("
              + e.getClass().getSimpleName()
              + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                      && j.getLocation() != null
                  ? " at line " + j.getLocation().getLineNr()
                  : "")
              + "): correct it (docs/console.md, \""
              + section
              + "\", has an example)");
    }
    if (root == null || !root.isObject()) {
      throw FleetException.invalid(
          what + " " + file + " must be a YAML mapping, e.g. '" + example + "'");
    }
    for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
      String key = names.next();
      if (!keys.contains(key)) {
        throw invalid(
            key,
            "is not a key of this file; it takes "
                + String.join(", ", keys.stream().sorted().toList()));
      }
    }
    return root;
  }

  String text(JsonNode root, String key, String example) {
    JsonNode value = root.get(key);
    if (value == null || value.isNull()) {
      throw invalid(key, "is missing: give it, e.g. " + key + ": " + example);
    }
    if (!value.isTextual() || value.asText().isBlank()) {
      throw invalid(key, "must be text, e.g. " + key + ": " + example);
    }
    return value.asText().strip();
  }

  String optionalText(JsonNode root, String key, String otherwise) {
    return root.has(key) && !root.get(key).isNull() ? text(root, key, otherwise) : otherwise;
  }

  boolean bool(JsonNode root, String key) {
    JsonNode value = root.get(key);
    if (value == null || value.isNull()) {
      return false;
    }
    if (!value.isBoolean()) {
      throw invalid(key, "must be true or false");
    }
    return value.asBoolean();
  }

  /** A path the file names; a relative one is beside the file. */
  Path path(JsonNode root, String key, String example) {
    Path path = Path.of(text(root, key, example));
    return path.isAbsolute() ? path : file.toAbsolutePath().getParent().resolve(path);
  }

  Duration seconds(JsonNode root, String key, Duration otherwise, Duration min, Duration max) {
    JsonNode value = root.get(key);
    if (value == null || value.isNull()) {
      return otherwise;
    }
    if (!value.canConvertToInt()
        || !value.isIntegralNumber()
        || value.asInt() < min.toSeconds()
        || value.asInt() > max.toSeconds()) {
      throw invalid(
          key,
          "must be a whole number of seconds from " + min.toSeconds() + " to " + max.toSeconds());
    }
    return Duration.ofSeconds(value.asInt());
  }

  /**
   * {@code roles}: {@code admin} and {@code viewer}, each a group or a list of them, each checked
   * by {@code group} (its key and its text); one of them at least.
   *
   * @param example a whole {@code roles} mapping, for a missing one
   * @param listExample a list of groups, for an item that is not text
   */
  Roles roles(
      JsonNode root, String example, String listExample, BiFunction<String, String, String> group) {
    JsonNode roles = root.get("roles");
    if (roles == null || !roles.isObject()) {
      throw invalid("roles", "must map the console's roles to " + example);
    }
    for (Iterator<String> keys = roles.fieldNames(); keys.hasNext(); ) {
      String key = keys.next();
      if (!ROLE_KEYS.contains(key)) {
        throw invalid("roles." + key, "is not a role of the console: give admin and viewer");
      }
    }
    Roles mapped =
        new Roles(
            groups(roles, "admin", listExample, group),
            groups(roles, "viewer", listExample, group));
    if (mapped.admin().isEmpty() && mapped.viewer().isEmpty()) {
      throw invalid("roles", "maps no group: give roles.admin, roles.viewer or both");
    }
    return mapped;
  }

  private List<String> groups(
      JsonNode roles, String role, String listExample, BiFunction<String, String, String> group) {
    JsonNode value = roles.get(role);
    if (value == null || value.isNull()) {
      return List.of();
    }
    String key = "roles." + role;
    List<String> groups = new ArrayList<>();
    if (value.isTextual()) {
      groups.add(group.apply(key, value.asText().strip()));
    } else if (value.isArray()) {
      for (JsonNode item : value) {
        if (!item.isTextual() || item.asText().isBlank()) {
          throw invalid(key, "must list groups, e.g. " + listExample);
        }
        groups.add(group.apply(key, item.asText().strip()));
      }
    } else {
      throw invalid(key, "must be a group, or a list of them, e.g. " + listExample);
    }
    return groups;
  }

  /**
   * The secret in {@code secretFile} (named by {@code key}), on one line: a file its owner only may
   * use, like an SSH key.
   *
   * @param holding what it holds, in words: {@code the password of bindDn}
   */
  Secret secretFile(String key, Path secretFile, String holding) {
    if (!Files.isRegularFile(secretFile)) {
      throw invalid(
          key,
          "names "
              + secretFile
              + ", which is not a regular file: give an owner-only file holding "
              + holding
              + " on one line");
    }
    try {
      Set<PosixFilePermission> mode =
          Files.getPosixFilePermissions(secretFile, LinkOption.NOFOLLOW_LINKS);
      if (OwnerOnly.opensToOthers(mode)) {
        throw invalid(
            key,
            "names "
                + secretFile
                + ", which is "
                + PosixFilePermissions.toString(mode)
                + ": others than its owner may use it; make it private with chmod 600 "
                + secretFile);
      }
    } catch (IOException | UnsupportedOperationException noModes) {
      // a file system without modes: nothing to check
    }
    try {
      if (Files.size(secretFile) > MAX_SECRET_FILE_BYTES) {
        throw invalid(
            key,
            "names " + secretFile + ", which is larger than " + MAX_SECRET_FILE_BYTES + " bytes");
      }
      String line = Files.readString(secretFile, StandardCharsets.UTF_8).replaceFirst("\r?\n$", "");
      if (line.isEmpty() || line.contains("\n")) {
        throw invalid(
            key,
            "names "
                + secretFile
                + ", which must hold "
                + holding
                + " on one line (it holds "
                + (line.isEmpty() ? "none" : "several lines")
                + ")");
      }
      return Secret.of(line);
    } catch (IOException e) {
      throw invalid(
          key,
          "names " + secretFile + ", which cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }

  /**
   * {@code text}, the value of {@code key}, as a URL; one that is none is refused saying the form
   * to give, e.g. {@code https://HOST[:PORT][/PATH]}.
   */
  URI url(String key, String text, String form) {
    try {
      return new URI(text);
    } catch (URISyntaxException e) {
      throw invalid(key, "is not a URL (" + e.getReason() + "): give " + form);
    }
  }

  /** The URL's scheme in lower case; empty for one that has none. */
  static String scheme(URI url) {
    return url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
  }

  FleetException invalid(String key, String problem) {
    return FleetException.invalid(what + " " + file + ": " + key + " " + problem);
  }
}
