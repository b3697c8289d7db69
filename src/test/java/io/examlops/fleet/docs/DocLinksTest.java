package io.examlops.fleet.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every docs page the code, the scripts and the docs point to exists, so no link goes dead. */
class DocLinksTest {
  private static final Pattern DOC_REFERENCE = Pattern.compile("docs/[A-Za-z0-9_./-]+\\.md");
  private static final List<Path> SCANNED =
      List.of(Path.of("src"), Path.of("scripts"), Path.of("docs"), Path.of("README.md"));

  @Test
  void everyReferencedDocsPageExists() {
    List<String> dead =
        SCANNED.stream()
            .filter(Files::exists)
            .flatMap(DocLinksTest::files)
            .flatMap(DocLinksTest::deadReferences)
            .toList();
    assertEquals(List.of(), dead, "references to docs pages that do not exist");
  }

  private static Stream<Path> files(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk
          .filter(Files::isRegularFile)
          .filter(p -> p.toString().matches(".*\\.(java|md|sh|groovy|txt|jte|html)$"))
          .toList()
          .stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Stream<String> deadReferences(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Stream.Builder<String> dead = Stream.builder();
    Matcher m = DOC_REFERENCE.matcher(text);
    while (m.find()) {
      if (!Files.exists(Path.of(m.group()))) {
        dead.add(file + ": " + m.group());
      }
    }
    return dead.build();
  }
}
