package io.examlops.fleet.console.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.examlops.fleet.settings.Variables;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What {@code exa console --notify FILE} says: where notifications go (a webhook, a mailbox or
 * both), after how many failed refreshes in a row a cluster is reported, and how many messages a
 * minute each channel sends. Read and checked once, at start: every refusal names the file, the key
 * and how to fix it. The secrets (the webhook's HMAC key, the SMTP password) come from a file the
 * settings name or from the environment, never from the settings file itself, the command line or
 * platform.db; {@link #toString} shows none.
 *
 * @param consoleUrl the console's address as admins reach it, for the links in messages; {@code
 *     null}: the address it listens on
 * @param refreshFailures failed refreshes in a row after which a cluster is reported
 * @param perMinute messages each channel sends a minute at most; more are folded into one digest
 * @param webhook {@code null}: none
 * @param mail {@code null}: none
 * @param warnings what is allowed but unwise (a secret file others may read), for the console to
 *     print at start
 */
public record NotifySettings(
    URI consoleUrl,
    int refreshFailures,
    int perMinute,
    Webhook webhook,
    Mail mail,
    List<String> warnings) {
  /** The variable the webhook's HMAC secret is read from when the file names no secret_file. */
  public static final String WEBHOOK_SECRET = Variables.NOTIFY_WEBHOOK_SECRET;

  /** The variable the SMTP password is read from when the file names no password_file. */
  public static final String SMTP_PASSWORD = Variables.NOTIFY_SMTP_PASSWORD;

  static final int DEFAULT_FAILURES = 3;
  static final int DEFAULT_PER_MINUTE = 10;
  static final int MIN_SECRET_BYTES = 16;
  private static final int MAX_FILE_BYTES = 64 * 1024;
  private static final Pattern ADDRESS =
      Pattern.compile("[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?");
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.:\\[\\]-]+");

  public NotifySettings {
    warnings = List.copyOf(warnings);
  }

  /**
   * The webhook: each notification POSTed as JSON to {@code url}, signed with HMAC-SHA256 under
   * {@code secret}.
   */
  public record Webhook(URI url, byte[] secret, Duration timeout) {
    /** The URL as logs name it: scheme, host and port, never the path (it may hold a token). */
    public String origin() {
      return origin(url);
    }

    static String origin(URI url) {
      int port = url.getPort() != -1 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
      String host = url.getHost();
      return url.getScheme() + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Webhook w
          && url.equals(w.url)
          && Arrays.equals(secret, w.secret)
          && timeout.equals(w.timeout);
    }

    @Override
    public int hashCode() {
      return url.hashCode();
    }

    @Override
    public String toString() {
      return "Webhook[" + origin() + ", secret hidden, timeout " + timeout.toSeconds() + " s]";
    }
  }

  /**
   * The mail: each notification sent as plain text from {@code from} to {@code to} through the SMTP
   * server at {@code host:port}.
   *
   * @param starttls whether the session is encrypted with STARTTLS before anything is said (only a
   *     server on this machine may be spoken to in clear)
   * @param user {@code null}: no AUTH
   * @param password {@code null} without a user
   */
  public record Mail(
      String host,
      int port,
      String from,
      List<String> to,
      boolean starttls,
      String user,
      char[] password,
      Duration timeout) {
    public Mail {
      to = List.copyOf(to);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Mail m
          && host.equals(m.host)
          && port == m.port
          && from.equals(m.from)
          && to.equals(m.to)
          && starttls == m.starttls
          && java.util.Objects.equals(user, m.user)
          && Arrays.equals(password, m.password)
          && timeout.equals(m.timeout);
    }

    @Override
    public int hashCode() {
      return host.hashCode() * 31 + port;
    }

    @Override
    public String toString() {
      return "Mail["
          + host
          + ":"
          + port
          + ", from "
          + from
          + " to "
          + to
          + (starttls ? ", STARTTLS" : ", in clear")
          + (user == null ? "" : ", as " + user + ", password hidden")
          + "]";
    }
  }

  /**
   * Reads and checks the settings file.
   *
   * @param env the process's environment, where the secrets may be
   * @throws Invalid naming the file, the key and the fix
   */
  public static NotifySettings load(Path file, Map<String, String> env) {
    byte[] bytes;
    try {
      if (Files.size(file) > MAX_FILE_BYTES) {
        throw new Invalid(file + " is larger than 64 KiB: it is not a notification settings file");
      }
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new Invalid(file + " does not exist: give the notification settings file");
    } catch (IOException e) {
      throw new Invalid(file + " cannot be read: " + e.getMessage());
    }
    JsonNode root;
    try {
      root = new YAMLMapper().readTree(new String(bytes, StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new Invalid(
          file
              + " is not YAML: "
              + e.getOriginalMessage()
              + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
    }
    return new Reader(file, env).settings(root);
  }

  /** A settings file that cannot be used; the message names the file, the key and the fix. */
  public static final class Invalid extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    Invalid(String message) {
      super(message);
    }
  }

  /**
   * Whether {@code host} is this machine by its name or address ({@code localhost}, {@code
   * 127.x.y.z}, {@code ::1}), told without asking DNS.
   */
  public static boolean isLoopback(String host) {
    String h =
        host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    return h.equalsIgnoreCase("localhost")
        || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")
        || h.equals("::1")
        || h.equals("0:0:0:0:0:0:0:1");
  }

  /** Reads the tree of one file, naming it and the key in every refusal. */
  private static final class Reader {
    private final Path file;
    private final Map<String, String> env;
    private final List<String> warnings = new ArrayList<>();

    Reader(Path file, Map<String, String> env) {
      this.file = file;
      this.env = env;
    }

    NotifySettings settings(JsonNode root) {
      if (root == null || root.isMissingNode() || root.isNull()) {
        throw invalid(
            null, "is empty: give a webhook: or a mail: section (docs/console.md, Notifications)");
      }
      object(
          root, null, Set.of("console_url", "refresh_failures", "rate_limit", "webhook", "mail"));
      URI console = root.has("console_url") ? consoleUrl(root.get("console_url")) : null;
      int failures = integer(root, "refresh_failures", DEFAULT_FAILURES, 1, 100);
      int perMinute = integer(root, "rate_limit", DEFAULT_PER_MINUTE, 1, 600);
      Webhook webhook = root.has("webhook") ? webhook(root.get("webhook")) : null;
      Mail mail = root.has("mail") ? mail(root.get("mail")) : null;
      if (webhook == null && mail == null) {
        throw invalid(
            null,
            "names no channel: give a webhook: section (url, secret_file) or a mail: section"
                + " (host, from, to), or both");
      }
      return new NotifySettings(console, failures, perMinute, webhook, mail, warnings);
    }

    private URI consoleUrl(JsonNode node) {
      String text = text(node, "console_url");
      URI uri = uri(text, "console_url", "e.g. https://fleet.example.org/");
      if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())) {
        throw invalid(
            "console_url",
            "'" + text + "' is not an http(s) address: e.g. https://fleet.example.org/");
      }
      return uri;
    }

    private Webhook webhook(JsonNode node) {
      object(node, "webhook", Set.of("url", "secret_file", "timeout"));
      if (!node.has("url")) {
        throw invalid("webhook.url", "is missing: give the https address to POST to");
      }
      String text = text(node.get("url"), "webhook.url");
      URI url = uri(text, "webhook.url", "e.g. https://hooks.example.org/hpc-fleet");
      if (url.getScheme() == null || url.getHost() == null) {
        throw invalid("webhook.url", "is not an absolute http(s) address with a host");
      }
      if (url.getUserInfo() != null) {
        throw invalid(
            "webhook.url",
            "holds a user name or password: remove it; the HMAC signature is what proves the"
                + " sender");
      }
      if ("http".equals(url.getScheme())) {
        if (!isLoopback(url.getHost())) {
          throw invalid(
              "webhook.url",
              "uses plain http to "
                  + url.getHost()
                  + ": use https (plain http is allowed to this machine only: localhost,"
                  + " 127.0.0.1, ::1)");
        }
      } else if (!"https".equals(url.getScheme())) {
        throw invalid("webhook.url", "'" + url.getScheme() + "' is not https");
      }
      byte[] secret =
          secret(
              node,
              "webhook.secret_file",
              "secret_file",
              WEBHOOK_SECRET,
              "the HMAC secret the receiver checks signatures with (e.g. made by openssl rand -hex"
                  + " 32)");
      if (secret.length < MIN_SECRET_BYTES) {
        throw invalid(
            node.has("secret_file") ? "webhook.secret_file" : null,
            "the webhook secret"
                + (node.has("secret_file") ? "" : " in $" + WEBHOOK_SECRET)
                + " has "
                + secret.length
                + " bytes: use at least "
                + MIN_SECRET_BYTES
                + " (e.g. openssl rand -hex 32)");
      }
      return new Webhook(url, secret, seconds(node, "webhook.timeout", "timeout", 10, 1, 120));
    }

    private Mail mail(JsonNode node) {
      object(
          node,
          "mail",
          Set.of("host", "port", "from", "to", "starttls", "user", "password_file", "timeout"));
      if (!node.has("host")) {
        throw invalid("mail.host", "is missing: give the SMTP server's host name");
      }
      String host = text(node.get("host"), "mail.host");
      if (!HOST.matcher(host).matches()) {
        throw invalid("mail.host", "'" + host + "' is not a host name or address");
      }
      int port = integer(node, "port", 587, 1, 65_535, "mail.port");
      if (!node.has("from")) {
        throw invalid(
            "mail.from", "is missing: give the sender's address, e.g. hpc-fleet@example.org");
      }
      String from = address(node.get("from"), "mail.from");
      if (!node.has("to")) {
        throw invalid("mail.to", "is missing: give the address (or list of addresses) to write to");
      }
      List<String> to = new ArrayList<>();
      JsonNode toNode = node.get("to");
      if (toNode.isArray()) {
        if (toNode.isEmpty()) {
          throw invalid("mail.to", "is an empty list: give at least one address");
        }
        for (JsonNode each : toNode) {
          to.add(address(each, "mail.to"));
        }
      } else {
        to.add(address(toNode, "mail.to"));
      }
      if (to.size() > 50) {
        throw invalid(
            "mail.to", "names " + to.size() + " addresses: use a list address (at most 50)");
      }
      boolean starttls = true;
      if (node.has("starttls")) {
        if (!node.get("starttls").isBoolean()) {
          throw invalid("mail.starttls", "is not true or false");
        }
        starttls = node.get("starttls").asBoolean();
      }
      if (!starttls && !isLoopback(host)) {
        throw invalid(
            "mail.starttls",
            "is false for "
                + host
                + ": mail to another machine is sent over STARTTLS only (false is allowed for a"
                + " server on this machine: localhost, 127.0.0.1, ::1)");
      }
      String user = node.has("user") ? text(node.get("user"), "mail.user") : null;
      if (user != null && (user.isBlank() || user.chars().anyMatch(c -> c < 0x20 || c == 0x7f))) {
        throw invalid("mail.user", "is blank or holds a control character");
      }
      char[] password = null;
      if (user != null) {
        byte[] bytes =
            secret(node, "mail.password_file", "password_file", SMTP_PASSWORD, "the SMTP password");
        password = new String(bytes, StandardCharsets.UTF_8).toCharArray();
        Arrays.fill(bytes, (byte) 0);
        if (password.length == 0) {
          throw invalid("mail.password_file", "the SMTP password is empty");
        }
      } else if (node.has("password_file")) {
        throw invalid("mail.password_file", "is given without mail.user: give the user too");
      }
      return new Mail(
          host,
          port,
          from,
          to,
          starttls,
          user,
          password,
          seconds(node, "mail.timeout", "timeout", 30, 1, 300));
    }

    /** A secret from the file {@code fileKey} names, else from the variable {@code variable}. */
    private byte[] secret(JsonNode node, String key, String fileKey, String variable, String what) {
      if (node.has(fileKey)) {
        Path path = Path.of(text(node.get(fileKey), key));
        if (!path.isAbsolute() && file.toAbsolutePath().getParent() != null) {
          path = file.toAbsolutePath().getParent().resolve(path);
        }
        byte[] bytes;
        try {
          if (Files.size(path) > MAX_FILE_BYTES) {
            throw invalid(key, path + " is larger than 64 KiB: give the file that holds " + what);
          }
          bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
          throw invalid(key, path + " does not exist: give the file that holds " + what);
        } catch (IOException e) {
          throw invalid(key, path + " cannot be read (" + e.getMessage() + ")");
        }
        warnIfShared(path);
        return trimmed(bytes);
      }
      String value = env.get(variable);
      if (value == null || value.isEmpty()) {
        throw invalid(
            key,
            "is not given and $"
                + variable
                + " is not set: name a file that holds "
                + what
                + " with "
                + fileKey
                + ", or set "
                + variable
                + " (a secret is never read from this file or the command line)");
      }
      return trimmed(value.getBytes(StandardCharsets.UTF_8));
    }

    private void warnIfShared(Path path) {
      try {
        Set<PosixFilePermission> p = Files.getPosixFilePermissions(path);
        if (p.contains(PosixFilePermission.OTHERS_READ)
            || p.contains(PosixFilePermission.GROUP_READ)) {
          warnings.add(
              path
                  + " holds a notification secret and others than its owner may read it; make it"
                  + " private with chmod 600 "
                  + path);
        }
      } catch (IOException | UnsupportedOperationException e) {
        // Not a POSIX file system: nothing to say.
      }
    }

    /** The bytes without the line end an editor or echo leaves. */
    private static byte[] trimmed(byte[] bytes) {
      int end = bytes.length;
      while (end > 0 && (bytes[end - 1] == '\n' || bytes[end - 1] == '\r')) {
        end--;
      }
      byte[] out = Arrays.copyOf(bytes, end);
      Arrays.fill(bytes, (byte) 0);
      return out;
    }

    private String address(JsonNode node, String key) {
      String text = text(node, key);
      if (!ADDRESS.matcher(text).matches() || text.length() > 254) {
        throw invalid(
            key,
            "'"
                + printable(text)
                + "' is not a plain mail address: write it as name@example.org (no display name,"
                + " no angle brackets)");
      }
      return text;
    }

    private void object(JsonNode node, String key, Set<String> keys) {
      if (!node.isObject()) {
        throw invalid(key, "is not a mapping of keys to values");
      }
      Iterator<String> names = node.fieldNames();
      while (names.hasNext()) {
        String name = names.next();
        if (!keys.contains(name)) {
          throw invalid(
              key == null ? name : key + "." + name,
              "is not a known key: the keys "
                  + (key == null ? "at the top" : "of " + key)
                  + " are "
                  + String.join(", ", keys.stream().sorted().toList()));
        }
      }
    }

    private int integer(JsonNode node, String key, int fallback, int min, int max) {
      return integer(node, key, fallback, min, max, key);
    }

    private int integer(JsonNode node, String field, int fallback, int min, int max, String key) {
      if (!node.has(field)) {
        return fallback;
      }
      JsonNode value = node.get(field);
      if (!value.isIntegralNumber() || value.asLong() < min || value.asLong() > max) {
        throw invalid(
            key,
            "'" + printable(value.asText()) + "' is not a whole number from " + min + " to " + max);
      }
      return value.asInt();
    }

    private Duration seconds(
        JsonNode node, String key, String field, int fallback, int min, int max) {
      return Duration.ofSeconds(integer(node, field, fallback, min, max, key));
    }

    private String text(JsonNode node, String key) {
      if (node == null || !node.isTextual() || node.asText().isBlank()) {
        throw invalid(key, "is not a text");
      }
      String text = node.asText().strip();
      if (text.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
        throw invalid(key, "holds a line break or control character: give one line");
      }
      return text;
    }

    private URI uri(String text, String key, String example) {
      try {
        return new URI(text);
      } catch (URISyntaxException e) {
        throw invalid(
            key, "'" + printable(text) + "' is not an address (" + e.getReason() + "): " + example);
      }
    }

    private Invalid invalid(String key, String what) {
      return new Invalid(file + (key == null ? " " : ", key " + key + ": ") + what);
    }

    private static String printable(String text) {
      String cut = text.length() > 80 ? text.substring(0, 80) + "..." : text;
      return cut.replaceAll("\\p{Cntrl}", "?");
    }
  }
}
