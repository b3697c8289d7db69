package io.examlops.fleet.registry;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.examlops.fleet.model.AdapterSetting;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TransportKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads the text of clusters.yaml into cluster definitions, keeping where each value sits so that
 * errors can name the line and edits can change one entry's text in place. Pure: no I/O.
 *
 * <p>The file shape:
 *
 * <pre>
 * clusters:
 *   lxp:                       # the cluster's name
 *     scheduler: slurm         # slurm | flux | mock
 *     transport: ssh           # ssh | local
 *     host: lxp-login          # ssh only
 *     user: hpcuser            # ssh only
 *     key: ~/.ssh/id_ed25519   # ssh only, optional: a path, never the key itself
 *     port: 22                 # ssh only, optional (22)
 *     host_key: SHA256:...     # ssh only, optional until approval: the pinned host key
 *     jump: me@bastion:22      # ssh only, optional: jump hosts (ProxyJump), comma-separated
 *     jump_keys: ~/.ssh/id_b   # optional: each jump host's key file, or agent
 *     jump_host_keys: SHA256:. # optional until approval: each jump host's host key
 *     flux_uri: local:///...   # a setting of the scheduler's adapter (here Flux's instance)
 *   rest-lxp:                  # reached through slurmrestd instead (docs/rest.md)
 *     scheduler: slurm
 *     transport: rest
 *     user: hpcuser            # the cluster user requests act as
 *     certificate: SHA256:...  # rest only, optional until approval: the pinned TLS certificate
 *     rest_url: https://lxp-rest:6820
 *     rest_token_file: ~/.config/slurm.jwt   # or rest_signing_key: a path, never the secret
 * </pre>
 *
 * <p>Besides the connection's keys, an entry takes the settings its scheduler's adapter declares
 * ({@link SchedulerKind#settings()}), each checked by the adapter's rule.
 */
final class ClustersYaml {
  static final String SECTION = "clusters";

  /** The connection's keys, in the order the tool writes them; the adapters' settings follow. */
  static final List<String> CONNECTION_KEYS =
      List.of(
          "scheduler",
          "transport",
          "host",
          "user",
          "key",
          "port",
          "host_key",
          "certificate",
          "jump",
          "jump_keys",
          "jump_host_keys");

  private static final YAMLFactory YAML = new YAMLFactory();

  /** A registry of a thousand clusters is well under this; more is not a clusters.yaml. */
  static final int MAX_FILE_CHARS = 1 << 20;

  /** Longer than any host name, user, path or fingerprint. */
  static final int MAX_VALUE_CHARS = 4096;

  /** Where the {@code clusters:} value is and how it is written. */
  enum Shape {
    /** No {@code clusters:} key at all (an empty file or comments only). */
    MISSING,
    /** {@code clusters:} with no entries: nothing, {@code ~} or <code>{}</code>. */
    EMPTY,
    /** Entries as indented blocks, the form the tool writes. */
    BLOCK,
    /** Entries in flow style <code>{a: {...}}</code>: readable but not edited by the tool. */
    FLOW
  }

  /**
   * One {@code key: value} of an entry. Offsets are char offsets into the text.
   *
   * @param text the scalar as written (quotes removed), or {@code null} for an empty value
   */
  record Field(
      String key,
      JsonToken token,
      String text,
      int line,
      int keyStart,
      int valueStart,
      int valueEnd) {}

  /** One cluster entry with its fields in file order. */
  record Entry(
      String name,
      int line,
      int keyStart,
      boolean flow,
      Map<String, Field> fields,
      ClusterDefinition definition) {
    /** Offset just past the last value of the entry. */
    int end() {
      return fields.values().stream().mapToInt(Field::valueEnd).max().orElseThrow();
    }
  }

  /**
   * The parsed file.
   *
   * @param sectionLine the line of {@code clusters:} (0 when missing)
   * @param sectionKeyStart offset of {@code clusters:}
   * @param emptyStart start of an EMPTY section's value text ({@code ~}, <code>{}</code>)
   * @param emptyEnd end of it
   */
  record Document(
      String text,
      Shape shape,
      int sectionLine,
      int sectionKeyStart,
      int emptyStart,
      int emptyEnd,
      List<Entry> entries) {
    List<ClusterDefinition> definitions() {
      return entries.stream().map(Entry::definition).toList();
    }
  }

  private final String text;
  private final Path file;
  private final JsonParser parser;
  private final boolean charsAreCodePoints;

  private ClustersYaml(String text, Path file, JsonParser parser) {
    this.text = text;
    this.file = file;
    this.parser = parser;
    this.charsAreCodePoints = text.length() == text.codePointCount(0, text.length());
  }

  /** Parses and validates the text; {@code file} only names the file in errors. */
  static Document parse(String text, Path file) {
    if (text.length() > MAX_FILE_CHARS) {
      throw new ClustersFileException(
          file,
          0,
          "is "
              + text.length()
              + " characters long, more than a clusters.yaml may be ("
              + MAX_FILE_CHARS
              + ")",
          "keep only cluster definitions in it (a few lines each)");
    }
    int tab = tabIndentedLine(text);
    if (tab > 0) {
      throw new ClustersFileException(
          file,
          tab,
          "is indented with a tab",
          "YAML indents with spaces only: replace the tab with spaces");
    }
    scan(text, file, false);
    try (JsonParser parser = YAML.createParser(text)) {
      return new ClustersYaml(text, file, parser).document();
    } catch (JsonProcessingException e) {
      throw syntaxError(file, e);
    } catch (IOException e) {
      throw new ClustersFileException(file, 0, "cannot be read: " + e.getMessage(), "");
    }
  }

  /**
   * Reads the whole text, refusing YAML tags ({@code !!javax.script...}): the file holds plain
   * values, and nothing is ever built from a tag. Before the entries are read, a syntax error only
   * ends the scan ({@code syntax} false): the entries' reading reports it, or an entry's own
   * problem on an earlier line (a quote not closed on its line); an entry whose value is no mapping
   * asks again with {@code syntax}, so that a syntax error after its name (an unclosed bracket) is
   * reported as one, not as settings it lacks.
   */
  private static void scan(String text, Path file, boolean syntax) {
    try (JsonParser parser = YAML.createParser(text)) {
      while (parser.nextToken() != null) {
        String tag = parser instanceof YAMLParser yaml ? yaml.getTypeId() : null;
        if (tag != null) {
          JsonLocation at = parser.currentTokenLocation();
          throw new ClustersFileException(
              file,
              at.getLineNr(),
              "a YAML tag "
                  + Printable.quoted(
                      tag.startsWith(CORE_TAGS)
                          ? "!!" + tag.substring(CORE_TAGS.length())
                          : "!" + tag)
                  + " (column "
                  + at.getColumnNr()
                  + "): clusters.yaml holds plain values, and builds nothing from a tag",
              "remove the tag (quote a value to keep it text)");
        }
      }
    } catch (JsonProcessingException e) {
      if (syntax) {
        throw syntaxError(file, e);
      }
    } catch (IOException e) {
      throw new ClustersFileException(file, 0, "cannot be read: " + e.getMessage(), "");
    }
  }

  /** The prefix YAML's {@code !!} stands for. */
  private static final String CORE_TAGS = "tag:yaml.org,2002:";

  /** The first line whose indentation holds a tab, or 0. */
  private static int tabIndentedLine(String text) {
    int number = 0;
    for (String line : (Iterable<String>) text.lines()::iterator) {
      number++;
      for (int i = 0; i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t'); i++) {
        if (line.charAt(i) == '\t') {
          return number;
        }
      }
    }
    return 0;
  }

  /**
   * A YAML syntax error in our words, at the line where the broken construct starts (an unclosed
   * quote's opening line, not the end of the file where the parser gave up).
   */
  private static ClustersFileException syntaxError(Path file, JsonProcessingException e) {
    if (e.getCause() instanceof MarkedYAMLException marked) {
      Mark start =
          marked.getContextMark() != null ? marked.getContextMark() : marked.getProblemMark();
      String context = marked.getContext() == null ? "" : " " + marked.getContext().strip();
      return new ClustersFileException(
          file,
          start == null ? 0 : start.getLine() + 1,
          "not valid YAML:"
              + context
              + " "
              + marked.getProblem().strip()
              + (start == null ? "" : " (column " + (start.getColumn() + 1) + ")"),
          "fix the syntax there (indentation, a missing ':' or an unclosed quote)");
    }
    JsonLocation where = e.getLocation();
    return new ClustersFileException(
        file,
        where == null ? 0 : where.getLineNr(),
        "not valid YAML: " + e.getOriginalMessage().strip().lines().findFirst().orElse(""),
        "fix the syntax there (indentation, a missing ':' or an unclosed quote)");
  }

  private Document document() throws IOException {
    JsonToken token = parser.nextToken();
    if (token == null) {
      return new Document(text, Shape.MISSING, 0, 0, 0, 0, List.of());
    }
    if (token != JsonToken.START_OBJECT) {
      throw fail(
          line(),
          "the file must be a mapping with one key, 'clusters'",
          "start the file with a line 'clusters:' and put one entry per cluster below it");
    }
    Document document = null;
    while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
      String key = parser.currentName();
      int keyLine = line();
      if (!SECTION.equals(key)) {
        throw fail(
            keyLine,
            "unknown top-level key " + Printable.quoted(key),
            "the file holds one key, 'clusters:', with one entry per cluster below it");
      }
      if (document != null) {
        throw fail(
            keyLine,
            "'clusters:' appears twice (first on line " + document.sectionLine() + ")",
            "merge the two lists into one");
      }
      document = section(keyLine, start());
    }
    if (parser.nextToken() != null) {
      throw fail(line(), "a second YAML document ('---') follows", "keep one document per file");
    }
    return document != null ? document : new Document(text, Shape.MISSING, 0, 0, 0, 0, List.of());
  }

  private Document section(int sectionLine, int sectionKeyStart) throws IOException {
    JsonToken token = parser.nextToken();
    int valueStart = start();
    if (token == JsonToken.VALUE_NULL) {
      return new Document(
          text, Shape.EMPTY, sectionLine, sectionKeyStart, valueStart, end(), List.of());
    }
    if (token != JsonToken.START_OBJECT) {
      throw fail(
          sectionLine,
          "'clusters' must map each cluster's name to its settings",
          "write each cluster as 'name:' with its settings indented below it, not as a list");
    }
    boolean flow = isFlow(valueStart);
    List<Entry> entries = new ArrayList<>();
    Map<String, Integer> seen = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      entries.add(entry(seen));
    }
    if (entries.isEmpty()) {
      return new Document(
          text, Shape.EMPTY, sectionLine, sectionKeyStart, valueStart, end(), List.of());
    }
    return new Document(
        text,
        flow ? Shape.FLOW : Shape.BLOCK,
        sectionLine,
        sectionKeyStart,
        0,
        0,
        List.copyOf(entries));
  }

  private Entry entry(Map<String, Integer> seen) throws IOException {
    String name = parser.currentName();
    int entryLine = line();
    int keyStart = start();
    if (!ClusterName.isValid(name)) {
      throw fail(
          entryLine,
          "invalid cluster name " + Printable.quoted(name),
          "a cluster name is " + ClusterName.RULE);
    }
    Integer first = seen.putIfAbsent(name, entryLine);
    if (first != null) {
      throw fail(
          entryLine,
          "cluster '" + name + "' is listed twice (first on line " + first + ")",
          "keep one entry per cluster");
    }
    if (parser.nextToken() != JsonToken.START_OBJECT) {
      scan(text, file, true);
      throw fail(
          entryLine,
          "cluster '" + name + "' has no settings",
          "indent its settings below it: scheduler, transport and, for ssh, host and user");
    }
    boolean flow = isFlow(start());
    Map<String, Field> fields = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      Field field = field(name);
      Field earlier = fields.putIfAbsent(field.key(), field);
      if (earlier != null) {
        throw fail(
            field.line(),
            "'"
                + field.key()
                + "' is set twice for cluster '"
                + name
                + "' (first on line "
                + earlier.line()
                + ")",
            "keep one");
      }
    }
    return new Entry(name, entryLine, keyStart, flow, fields, definition(name, entryLine, fields));
  }

  private Field field(String cluster) throws IOException {
    String key = parser.currentName();
    int keyLine = line();
    int keyStart = start();
    List<String> keys = keys();
    if (!keys.contains(key)) {
      throw fail(
          keyLine,
          "unknown key " + Printable.quoted(key) + " in cluster '" + cluster + "'",
          "the keys are " + String.join(", ", keys));
    }
    JsonToken token = parser.nextToken();
    if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
      throw fail(
          keyLine,
          "'" + key + "' of cluster '" + cluster + "' must be a single value",
          "write it as '" + key + ": value' on one line");
    }
    if (((YAMLParser) parser).isCurrentAlias()) {
      throw fail(
          keyLine,
          "'" + key + "' of cluster '" + cluster + "' is a YAML alias (*name)",
          "write the value out; aliases are not supported here");
    }
    int valueStart = start();
    int valueEnd = end();
    // For numbers and booleans keep the characters as written (YAML 1.1 reads 'yes' as true).
    String value =
        token == JsonToken.VALUE_NULL
            ? null
            : token == JsonToken.VALUE_STRING
                ? parser.getText()
                : text.substring(valueStart, valueEnd);
    if (value != null && value.length() > MAX_VALUE_CHARS) {
      throw fail(
          keyLine,
          "'"
              + key
              + "' of cluster '"
              + cluster
              + "' is "
              + value.length()
              + " characters long; a value here is at most "
              + MAX_VALUE_CHARS,
          "give the " + key + " itself");
    }
    if (token == JsonToken.VALUE_STRING
        && valueStart < text.length()
        && (text.charAt(valueStart) == '"' || text.charAt(valueStart) == '\'')
        && text.substring(valueStart, Math.max(valueStart, valueEnd)).indexOf('\n') >= 0) {
      throw fail(
          keyLine,
          "the quoted value of '"
              + key
              + "' in cluster '"
              + cluster
              + "' is not closed on its line (its closing quote is on a later line)",
          "close the quote on line " + keyLine);
    }
    if (value != null && ConnectionRules.looksLikeKeyMaterial(value)) {
      throw fail(
          keyLine,
          "'" + key + "' of cluster '" + cluster + "' holds what looks like key material",
          "clusters.yaml stores only a key's path (key:) and the host key's SHA256 fingerprint"
              + " (host_key:); save the key in a file (chmod 600) and give its path");
    }
    return new Field(key, token, value, keyLine, keyStart, valueStart, valueEnd);
  }

  private ClusterDefinition definition(String name, int entryLine, Map<String, Field> fields) {
    String schedulers = SchedulerKind.orList(SchedulerKind.registrable());
    Field scheduler = required(name, entryLine, fields, "scheduler", schedulers);
    Field transport = required(name, entryLine, fields, "transport", "ssh, local or rest");
    SchedulerKind schedulerKind =
        check(scheduler, () -> ConnectionRules.scheduler(scheduler.text()));
    TransportKind transportKind = check(transport, () -> TransportKind.parse(transport.text()));
    String host = optional(fields.get("host"), ConnectionRules::host);
    String user = optional(fields.get("user"), ConnectionRules::user);
    String key = optional(fields.get("key"), ConnectionRules::keyPath);
    String pinKey = transportKind == TransportKind.REST ? "certificate" : "host_key";
    String otherKey = transportKind == TransportKind.REST ? "host_key" : "certificate";
    if (fields.containsKey(otherKey)) {
      throw fail(
          fields.get(otherKey).line(),
          "cluster '"
              + name
              + "' uses transport "
              + transportKind.label()
              + ", which pins its "
              + (transportKind == TransportKind.REST ? "TLS certificate" : "host key")
              + " under '"
              + pinKey
              + "', not '"
              + otherKey
              + "'",
          "rename '" + otherKey + ":' to '" + pinKey + ":'");
    }
    String hostKey = optional(fields.get(pinKey), ConnectionRules::fingerprint);
    Field portField = fields.get("port");
    Integer port = portField == null ? null : check(portField, () -> port(portField));
    List<JumpHost> jumps = jumps(fields);
    Map<String, String> settings = new LinkedHashMap<>();
    for (Field field : fields.values()) {
      if (!CONNECTION_KEYS.contains(field.key())) {
        // One its scheduler does not take is refused by the definition, naming those that do.
        UnaryOperator<String> rule =
            schedulerKind
                .setting(field.key())
                .<UnaryOperator<String>>map(s -> s::check)
                .orElse(UnaryOperator.identity());
        settings.put(field.key(), optional(field, rule));
      }
    }
    try {
      return new ClusterDefinition(
          name, schedulerKind, transportKind, host, user, key, port, hostKey, settings, jumps);
    } catch (IllegalArgumentException | FleetException e) {
      throw fail(entryLine, e.getMessage(), "");
    }
  }

  /** The jump hosts, checked at the line of whichever of their three keys is wrong. */
  private List<JumpHost> jumps(Map<String, Field> fields) {
    Field route = fields.get("jump");
    Field keys = fields.get("jump_keys");
    Field hostKeys = fields.get("jump_host_keys");
    for (Field field : java.util.Arrays.asList(route, keys, hostKeys)) {
      if (field != null) {
        check(field, field::text);
      }
    }
    Field at = route != null ? route : keys != null ? keys : hostKeys;
    return at == null
        ? List.of()
        : check(
            at,
            () ->
                JumpHost.parse(
                    route == null ? null : route.text(),
                    keys == null ? null : keys.text(),
                    hostKeys == null ? null : hostKeys.text()));
  }

  /** Every key an entry may have: the connection's, then every declared adapter setting's. */
  static List<String> keys() {
    List<String> keys = new ArrayList<>(CONNECTION_KEYS);
    for (AdapterSetting setting : SchedulerKind.allSettings()) {
      if (keys.contains(setting.name())) {
        throw new IllegalStateException(
            "a scheduler declares the setting " + setting.name() + ", a key of the connection");
      }
      keys.add(setting.name());
    }
    return keys;
  }

  private static int port(Field field) {
    if (field.token() != JsonToken.VALUE_NUMBER_INT || !field.text().matches("[0-9]{1,5}")) {
      throw new IllegalArgumentException(
          "invalid port " + Printable.quoted(field.text()) + ": use a number between 1 and 65535");
    }
    return ConnectionRules.port(Long.parseLong(field.text()));
  }

  private Field required(
      String cluster, int entryLine, Map<String, Field> fields, String key, String choices) {
    Field field = fields.get(key);
    if (field == null) {
      throw fail(
          entryLine,
          "cluster '" + cluster + "' has no " + key,
          "add '" + key + ": ...' (" + choices + ")");
    }
    return field;
  }

  private String optional(Field field, UnaryOperator<String> rule) {
    return field == null ? null : check(field, () -> rule.apply(field.text()));
  }

  private <T> T check(Field field, java.util.function.Supplier<T> conversion) {
    if (field.text() == null) {
      throw fail(
          field.line(),
          "'" + field.key() + "' has no value",
          "write a value after '" + field.key() + ":' or remove the line");
    }
    try {
      return conversion.get();
    } catch (IllegalArgumentException | FleetException e) {
      throw fail(field.line(), e.getMessage(), "");
    }
  }

  private boolean isFlow(int offset) {
    return offset < text.length() && text.charAt(offset) == '{';
  }

  private int line() {
    return parser.currentTokenLocation().getLineNr();
  }

  // The parser counts offsets in code points; edits need char offsets.
  private int start() {
    return charOffset(parser.currentTokenLocation());
  }

  private int end() {
    return charOffset(parser.currentLocation());
  }

  private int charOffset(JsonLocation location) {
    int codePoints = (int) Math.min(location.getCharOffset(), text.length());
    return charsAreCodePoints ? codePoints : text.offsetByCodePoints(0, codePoints);
  }

  private ClustersFileException fail(int line, String problem, String fix) {
    return new ClustersFileException(file, line, problem, fix);
  }
}
