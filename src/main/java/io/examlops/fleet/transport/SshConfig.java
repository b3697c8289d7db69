package io.examlops.fleet.transport;

import io.examlops.fleet.model.FleetException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * An OpenSSH client configuration file ({@code ~/.ssh/config}), as far as the product uses it:
 * {@code Host} blocks with {@code HostName}, {@code User}, {@code Port}, {@code IdentityFile},
 * {@code CertificateFile} and {@code ProxyJump}, and {@code Include}. The first value found for a
 * keyword wins, as in OpenSSH; {@code IdentityFile} and {@code CertificateFile} lines add up. Other
 * keywords are read past (they tune what this client does its own way), except those whose silent
 * loss would connect somewhere else ({@code ProxyCommand}, {@code Match}), which are refused naming
 * the file and line.
 */
public final class SshConfig {
  /** OpenSSH's own limit on nested Include files. */
  private static final int MAX_INCLUDE_DEPTH = 16;

  private static final Set<String> USED =
      Set.of(
          "hostname",
          "user",
          "port",
          "identityfile",
          "certificatefile",
          "proxyjump",
          "proxycommand");

  /** One keyword line, under the Host patterns in force where it stands. */
  record Line(List<String> patterns, String keyword, String value, String where) {
    boolean appliesTo(String host) {
      return HostPatterns.matchList(String.join(",", patterns), host.toLowerCase(Locale.ROOT));
    }
  }

  private final List<Line> lines;

  private SshConfig(List<Line> lines) {
    this.lines = List.copyOf(lines);
  }

  /**
   * Reads {@code file} and what it includes; a missing file is an empty configuration (OpenSSH's
   * own behaviour), anything unreadable or malformed an error naming the file and line.
   *
   * @param home the directory {@code ~} stands for, also where relative Include paths start ({@code
   *     ~/.ssh})
   */
  public static SshConfig read(Path file, Path home) {
    if (!Files.exists(file)) {
      return new SshConfig(List.of());
    }
    List<Line> lines = new ArrayList<>();
    new Reader(home).read(file, List.of("*"), 0, lines);
    return new SshConfig(lines);
  }

  /** The first line for {@code host} with one of {@code keywords} (lower case). */
  Optional<Line> first(String host, String... keywords) {
    List<String> wanted = List.of(keywords);
    return lines.stream()
        .filter(l -> wanted.contains(l.keyword()) && l.appliesTo(host))
        .findFirst();
  }

  /** Every value of {@code keyword} (lower case) for {@code host}, in file order. */
  List<Line> all(String host, String keyword) {
    return lines.stream().filter(l -> l.keyword().equals(keyword) && l.appliesTo(host)).toList();
  }

  /** Reads one file after another as Include lines name them. */
  private record Reader(Path home) {
    void read(Path file, List<String> patterns, int depth, List<Line> out) {
      List<String> text;
      try {
        text = Files.readAllLines(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw FleetException.invalid(
            "cannot read SSH configuration "
                + file
                + " ("
                + (e instanceof NoSuchFileException ? "no such file" : e.getMessage())
                + "); make it readable by the user running this tool");
      }
      parse(text, file, patterns, depth, out);
    }

    void parse(List<String> text, Path file, List<String> patterns, int depth, List<Line> out) {
      List<String> current = patterns;
      for (int i = 0; i < text.size(); i++) {
        String where = file + ":" + (i + 1);
        List<String> words = words(text.get(i), where);
        if (words.isEmpty()) {
          continue;
        }
        String keyword = words.get(0).toLowerCase(Locale.ROOT);
        List<String> args = words.subList(1, words.size());
        if (args.isEmpty()) {
          throw bad(where, "'" + words.get(0) + "' needs a value");
        }
        switch (keyword) {
          case "host" -> current = List.copyOf(args);
          case "match" -> {
            if (!(args.size() == 1 && args.get(0).equalsIgnoreCase("all"))) {
              throw bad(
                  where,
                  "Match blocks are not supported by this tool; write the settings for this"
                      + " host under a 'Host' line instead");
            }
            current = List.of("*");
          }
          case "include" -> include(args, where, current, depth, out);
          default -> {
            if (USED.contains(keyword)) {
              out.add(new Line(current, keyword, String.join(" ", args), where));
            }
          }
        }
      }
    }

    private void include(
        List<String> args, String where, List<String> patterns, int depth, List<Line> out) {
      if (depth >= MAX_INCLUDE_DEPTH) {
        throw bad(where, "Include nested deeper than " + MAX_INCLUDE_DEPTH + " files (a loop?)");
      }
      for (String arg : args) {
        Path named = arg.startsWith("~") ? home.resolve(tilde(arg)) : Path.of(arg);
        Path path = named.isAbsolute() ? named : home.resolve(".ssh").resolve(arg);
        for (Path file : expand(path, where)) {
          read(file, patterns, depth + 1, out);
        }
      }
    }

    private static String tilde(String arg) {
      return arg.equals("~") ? "" : arg.substring(arg.startsWith("~/") ? 2 : 1);
    }

    /** A glob in the file name part matches files in sorted order; none matched is no error. */
    private static List<Path> expand(Path path, String where) {
      String name = path.getFileName().toString();
      if (!name.contains("*") && !name.contains("?")) {
        return Files.exists(path) ? List.of(path) : List.of();
      }
      Set<Path> found = new TreeSet<>();
      try (DirectoryStream<Path> dir = Files.newDirectoryStream(path.getParent())) {
        for (Path p : dir) {
          if (HostPatterns.wildcard(name, p.getFileName().toString()) && Files.isRegularFile(p)) {
            found.add(p);
          }
        }
      } catch (NoSuchFileException e) {
        return List.of();
      } catch (IOException e) {
        throw bad(where, "cannot list " + path.getParent() + " (" + e.getMessage() + ")");
      }
      return List.copyOf(found);
    }

    /** A line's words: blank-separated, {@code keyword=value} allowed, double quotes group. */
    private static List<String> words(String line, String where) {
      String text = line.strip();
      if (text.isEmpty() || text.startsWith("#")) {
        return List.of();
      }
      List<String> words = new ArrayList<>();
      StringBuilder word = new StringBuilder();
      boolean quoted = false;
      boolean any = false;
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        boolean separator =
            Character.isWhitespace(c) || (c == '=' && words.isEmpty() && !quoted && any);
        if (c == '"') {
          quoted = !quoted;
          any = true;
        } else if (separator && !quoted) {
          if (any) {
            words.add(word.toString());
            word.setLength(0);
            any = false;
          }
        } else if (c == '=' && words.size() == 1 && !any) {
          // "Keyword = value": the '=' between blanks separates too.
          continue;
        } else {
          word.append(c);
          any = true;
        }
      }
      if (quoted) {
        throw bad(where, "a double quote is not closed");
      }
      if (any) {
        words.add(word.toString());
      }
      return words;
    }
  }

  static FleetException bad(String where, String what) {
    return FleetException.invalid("SSH configuration " + where + ": " + what);
  }
}
