package io.examlops.fleet.registry;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.TransportKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Adds or updates one entry in the text of clusters.yaml, changing only the characters of the
 * values that differ: comments, blank lines, ordering and every other entry stay as the human wrote
 * them. Pure: text in, text out. The result is parsed again and must read back as the old
 * definitions with this one added or replaced, or nothing is returned.
 */
final class ClustersYamlEditor {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/.~][A-Za-z0-9_/.~:+=@-]*");
  private static final Set<String> YAML_WORDS =
      Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null", "~");
  private static final Set<String> EMPTY_VALUES = Set.of("~", "null", "{}", "{ }");
  private static final int DEFAULT_INDENT = 2;

  private record Edit(int start, int end, String replacement) {}

  private final ClustersYaml.Document document;
  private final String text;
  private final Path file;
  private final String newline;

  private ClustersYamlEditor(ClustersYaml.Document document, Path file) {
    this.document = document;
    this.text = document.text();
    this.file = file;
    this.newline = text.contains("\r\n") ? "\r\n" : "\n";
  }

  /** The text with {@code definition} added or its entry updated. */
  static String upsert(ClustersYaml.Document document, ClusterDefinition definition, Path file) {
    ClustersYamlEditor editor = new ClustersYamlEditor(document, file);
    String edited =
        document.entries().stream()
            .filter(e -> e.name().equals(definition.name()))
            .findFirst()
            .map(entry -> editor.update(entry, definition))
            .orElseGet(() -> editor.append(definition));
    editor.verify(edited, definition);
    return edited;
  }

  private String update(ClustersYaml.Entry entry, ClusterDefinition wanted) {
    if (entry.flow()) {
      throw new ClustersFileException(
          file,
          entry.line(),
          "cluster '"
              + entry.name()
              + "' is written in flow style ({...}), which the tool does"
              + " not rewrite",
          "write its settings as indented 'key: value' lines, then run the command again");
    }
    Map<String, String> before = values(entry.definition());
    Map<String, String> after = values(wanted);
    List<Edit> edits = new ArrayList<>();
    StringBuilder added = new StringBuilder();
    String indent = " ".repeat(column(entry.fields().values().iterator().next().keyStart()));
    for (String key : ClustersYaml.keys()) {
      String value = after.get(key);
      if (Objects.equals(before.get(key), value)) {
        continue;
      }
      ClustersYaml.Field field = entry.fields().get(key);
      if (field == null) {
        if (value != null) { // else: a default the file leaves implicit (port 22 of ssh)
          added.append(newline).append(indent).append(key).append(": ").append(scalar(key, value));
        }
      } else if (value == null) {
        edits.add(new Edit(lineStart(field.keyStart()), nextLineStart(field.valueEnd()), ""));
      } else {
        edits.add(new Edit(field.valueStart(), field.valueEnd(), scalar(key, value)));
      }
    }
    int lastKept = 0;
    for (ClustersYaml.Field field : entry.fields().values()) {
      if (after.get(field.key()) != null) {
        lastKept = Math.max(lastKept, field.valueEnd());
      }
    }
    if (added.length() > 0) {
      // After the last line that stays: scheduler and transport always do.
      int at = lineEnd(lastKept);
      edits.add(new Edit(at, at, added.toString()));
    }
    return apply(text, edits);
  }

  private String append(ClusterDefinition definition) {
    switch (document.shape()) {
      case MISSING -> {
        String separator = text.isEmpty() || text.endsWith("\n") ? "" : newline;
        return text
            + separator
            + ClustersYaml.SECTION
            + ":"
            + block(definition, DEFAULT_INDENT, DEFAULT_INDENT)
            + newline;
      }
      case EMPTY -> {
        String emptied = text;
        String value = text.substring(document.emptyStart(), document.emptyEnd()).strip();
        if (EMPTY_VALUES.contains(value)) {
          emptied = apply(text, List.of(new Edit(document.emptyStart(), document.emptyEnd(), "")));
        }
        int at = lineEnd(emptied, document.sectionKeyStart());
        String block = block(definition, DEFAULT_INDENT, DEFAULT_INDENT);
        return emptied.substring(0, at) + block + emptied.substring(at);
      }
      case BLOCK -> {
        ClustersYaml.Entry first = document.entries().get(0);
        ClustersYaml.Entry last = document.entries().get(document.entries().size() - 1);
        int entryIndent = column(first.keyStart());
        int fieldIndent =
            first.flow()
                ? DEFAULT_INDENT
                : column(first.fields().values().iterator().next().keyStart()) - entryIndent;
        int at = lineEnd(last.end());
        return text.substring(0, at)
            + block(definition, entryIndent, fieldIndent)
            + text.substring(at);
      }
      case FLOW ->
          throw new ClustersFileException(
              file,
              document.sectionLine(),
              "'clusters' is written in flow style ({...}), which the tool does not rewrite",
              "write one indented 'name:' block per cluster, then run the command again");
      default -> throw new IllegalStateException(document.shape().name());
    }
  }

  private String block(ClusterDefinition definition, int entryIndent, int fieldIndent) {
    StringBuilder out = new StringBuilder(newline);
    out.append(" ".repeat(entryIndent)).append(definition.name()).append(':');
    values(definition)
        .forEach(
            (key, value) -> {
              if (value != null) {
                out.append(newline)
                    .append(" ".repeat(entryIndent + fieldIndent))
                    .append(key)
                    .append(": ")
                    .append(scalar(key, value));
              }
            });
    return out.toString();
  }

  private void verify(String edited, ClusterDefinition definition) {
    List<ClusterDefinition> expected = new ArrayList<>(document.definitions());
    expected.removeIf(d -> d.name().equals(definition.name()));
    int position =
        document.definitions().stream()
            .map(ClusterDefinition::name)
            .toList()
            .indexOf(definition.name());
    expected.add(position < 0 ? expected.size() : position, definition);
    List<ClusterDefinition> actual;
    try {
      actual = ClustersYaml.parse(edited, file).definitions();
    } catch (ClustersFileException e) {
      actual = List.of();
    }
    if (!actual.equals(expected)) {
      throw new ClustersFileException(
          file,
          0,
          "the entry for '"
              + definition.name()
              + "' could not be written without changing"
              + " something else; the file was left untouched",
          "add or edit the entry by hand");
    }
  }

  /** The values of a definition as clusters.yaml spells them, in the file's key order. */
  private static Map<String, String> values(ClusterDefinition d) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("scheduler", d.scheduler().label());
    values.put("transport", d.transport().label());
    values.put("host", d.host());
    values.put("user", d.user());
    values.put("key", d.keyPath());
    values.put("port", d.port() == null ? null : d.port().toString());
    values.put(
        d.transport() == TransportKind.REST ? "certificate" : "host_key", d.hostKeyFingerprint());
    values.put("jump", JumpHost.route(d.jumps()));
    values.put("jump_keys", JumpHost.keys(d.jumps()));
    values.put("jump_host_keys", JumpHost.hostKeys(d.jumps()));
    values.putAll(d.settings());
    return values;
  }

  private static String scalar(String key, String value) {
    boolean plain =
        key.equals("port")
            || (PLAIN.matcher(value).matches()
                && !value.endsWith(":")
                && !YAML_WORDS.contains(value.toLowerCase(Locale.ROOT)));
    if (plain) {
      return value;
    }
    StringBuilder quoted = new StringBuilder("\"");
    value
        .codePoints()
        .forEach(
            c -> {
              if (c == '"' || c == '\\') {
                quoted.append('\\').appendCodePoint(c);
              } else if (Character.isISOControl(c)) {
                quoted.append(String.format("\\u%04x", c));
              } else {
                quoted.appendCodePoint(c);
              }
            });
    return quoted.append('"').toString();
  }

  private static String apply(String text, List<Edit> edits) {
    StringBuilder out = new StringBuilder(text);
    edits.stream()
        .sorted(Comparator.comparingInt(Edit::start).reversed())
        .forEach(e -> out.replace(e.start(), e.end(), e.replacement()));
    return out.toString();
  }

  private int column(int offset) {
    return offset - lineStart(offset);
  }

  private int lineStart(int offset) {
    return text.lastIndexOf('\n', offset - 1) + 1;
  }

  private int nextLineStart(int offset) {
    int newlineAt = text.indexOf('\n', offset);
    return newlineAt < 0 ? text.length() : newlineAt + 1;
  }

  private int lineEnd(int offset) {
    return lineEnd(text, offset);
  }

  private static int lineEnd(String in, int offset) {
    int newlineAt = in.indexOf('\n', offset);
    if (newlineAt < 0) {
      return in.length();
    }
    return newlineAt > 0 && in.charAt(newlineAt - 1) == '\r' ? newlineAt - 1 : newlineAt;
  }
}
