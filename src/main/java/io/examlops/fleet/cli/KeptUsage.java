package io.examlops.fleet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;

/**
 * {@code exa --help}, kept in the jar as picocli renders it, plain and in colour, and printed
 * without building picocli's model of the command tree: the model (the root command, its options,
 * the stubs of its subcommands) was about half of what {@code exa --help} took
 * (docs/performance.md, "Start-up"). {@code scripts/man-pages.sh} writes both texts with the man
 * pages, and {@code KeptUsageTest} fails while they differ from what the tree renders now.
 */
final class KeptUsage {
  static final String PLAIN = "usage.txt";
  static final String COLOURED = "usage.ansi.txt";

  private KeptUsage() {}

  /**
   * The kept usage in the colours picocli would choose for this process (its own rule: a terminal,
   * {@code NO_COLOR}, {@code TERM}, ...); empty when a {@code picocli.*} system property is set,
   * since those change the rendering (width, colours), and then picocli renders it.
   */
  static Optional<String> forThisProcess() {
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("picocli.")) {
        return Optional.empty();
      }
    }
    return Optional.of(read(Ansi.AUTO.enabled() ? COLOURED : PLAIN));
  }

  private static String read(String name) {
    try (InputStream in = KeptUsage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the build of exa");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes both texts into {@code directory}, as the whole command tree renders them. */
  static void write(Path directory) throws IOException {
    CommandLine root = CommandTree.documented();
    Files.createDirectories(directory);
    Files.writeString(
        directory.resolve(PLAIN), root.getUsageMessage(Ansi.OFF), StandardCharsets.UTF_8);
    Files.writeString(
        directory.resolve(COLOURED), root.getUsageMessage(Ansi.ON), StandardCharsets.UTF_8);
  }
}
