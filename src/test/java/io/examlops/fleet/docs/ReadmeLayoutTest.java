package io.examlops.fleet.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's Layout is where a newcomer looks for a package or a file first, and its Jenkins
 * section says which steps the library has: both are held to the repository's tree.
 */
class ReadmeLayoutTest {
  private static final Path README = Path.of("README.md");
  private static final Path PACKAGES = Path.of("src", "main", "java", "io", "examlops", "fleet");

  /**
   * An entry of the layout: a name at the start of a line (indented by two under the packages'
   * directory), then at least two spaces and what it holds.
   */
  private static final Pattern ENTRY = Pattern.compile("^( {0,2})(\\S+)  +\\S");

  /** A service a package entry names, before the colon that says what it does. */
  private static final Pattern SERVICE = Pattern.compile("([A-Z][A-Za-z]*Service):");

  @Test
  void theLayoutNamesEveryPackageAndEachEntryExists() throws IOException {
    Set<String> named = new TreeSet<>();
    for (String line : layout()) {
      Matcher entry = ENTRY.matcher(line);
      if (!entry.find()) {
        continue;
      }
      String name = entry.group(2);
      boolean inPackages = !entry.group(1).isEmpty();
      Path path = inPackages ? PACKAGES.resolve(name) : Path.of(name);
      if (name.equals("work/")) {
        continue; // runtime state, made by the first run and ignored by git
      }
      assertThat(path).as("the README's layout names %s", name).exists();
      if (inPackages) {
        named.add(name.replace("/", ""));
        Matcher service = SERVICE.matcher(line);
        if (service.find()) {
          assertThat(path.resolve(service.group(1) + ".java"))
              .as("the README's layout says %s holds %s", name, service.group(1))
              .exists();
        }
      }
    }
    Set<String> packages;
    try (Stream<Path> files = Files.list(PACKAGES)) {
      packages =
          files.map(f -> f.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
    }
    assertThat(named).as("the README's layout of %s", PACKAGES).containsAll(packages);
  }

  @Test
  void theJenkinsSectionAndTheLayoutNameEveryStepOfTheLibrary() throws IOException {
    String readme = Files.readString(README);
    String jenkins = section(readme, "## Jenkins");
    String layout = String.join("\n", layout());
    List<String> steps;
    try (Stream<Path> files = Files.list(Path.of("vars"))) {
      steps =
          files
              .map(f -> f.getFileName().toString())
              .filter(f -> f.endsWith(".groovy"))
              .map(f -> f.replace(".groovy", ""))
              .sorted()
              .toList();
    }
    assertThat(steps).isNotEmpty();
    for (String step : steps) {
      assertThat(jenkins).as("the README's Jenkins section names step %s", step).contains(step);
      assertThat(layout).as("the README's layout names step %s", step).contains(step);
    }
    try (Stream<Path> files = Files.list(Path.of("jenkins"))) {
      for (Path example : files.filter(f -> f.toString().endsWith(".Jenkinsfile")).toList()) {
        String name = example.getFileName().toString().replace(".Jenkinsfile", "");
        assertThat(layout)
            .as("the README's layout says what jenkins/%s is", example.getFileName())
            .contains(name);
      }
    }
  }

  /** The lines of the code block under {@code ## Layout}. */
  private static List<String> layout() throws IOException {
    String block = section(Files.readString(README), "## Layout");
    int open = block.indexOf("```");
    int close = block.indexOf("```", open + 3);
    assertThat(open).as("%s's Layout has a code block", README).isNotNegative();
    return new ArrayList<>(
        List.of(block.substring(block.indexOf('\n', open) + 1, close).split("\n")));
  }

  private static String section(String page, String heading) {
    int start = page.indexOf("\n" + heading + "\n");
    assertThat(start).as("%s has a section %s", README, heading).isNotNegative();
    int end = page.indexOf("\n## ", start + heading.length() + 1);
    return page.substring(start, end < 0 ? page.length() : end);
  }
}
