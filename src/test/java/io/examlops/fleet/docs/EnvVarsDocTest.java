package io.examlops.fleet.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.testing.MarkdownTable;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/env-vars.md against what reads the environment: every variable {@link Variables} names is on
 * the page, and every variable the page's tables list is one of them, or is read by one of the
 * scripts that run around the Java process.
 */
class EnvVarsDocTest {
  private static final Path PAGE = Path.of("docs", "env-vars.md");

  /** What reads a variable outside the Java code: the launcher, the Jenkins steps, the job. */
  private static final List<Path> OTHER_READERS =
      List.of(
          Path.of("scripts", "exa-java.sh"),
          Path.of("src", "io", "examlops", "fleet", "jenkins", "ExaCli.groovy"),
          Path.of(
              "src", "main", "resources", "io", "examlops", "fleet", "jobs", "pipeline-train.sh"));

  @Test
  void everyVariableTheCodeNamesIsDocumented() throws IOException {
    String page = Files.readString(PAGE);
    for (String name : variables()) {
      assertThat(Pattern.compile("(?<![A-Z0-9_])" + name + "(?![A-Z0-9_])").matcher(page).find())
          .as("%s names %s (settings.Variables)", PAGE, name)
          .isTrue();
    }
  }

  @Test
  void everyDocumentedVariableIsRead() throws IOException {
    Set<String> variables = variables();
    StringBuilder others = new StringBuilder();
    for (Path reader : OTHER_READERS) {
      others.append(Files.readString(reader));
    }
    List<String> documented = new ArrayList<>();
    for (List<String> row : MarkdownTable.in(PAGE, "variable", "default", "purpose").rows()) {
      if (row.get(2).startsWith("not read by the product")) {
        continue;
      }
      documented.addAll(MarkdownTable.code(row.get(0)));
    }
    assertThat(documented).hasSizeGreaterThan(variables.size() / 2);
    for (String name : documented) {
      assertThat(
              variables.contains(name)
                  || Pattern.compile("(?<![A-Z0-9_])" + name + "(?![A-Z0-9_])")
                      .matcher(others)
                      .find())
          .as(
              "%s documents %s, which neither settings.Variables nor %s names",
              PAGE, name, OTHER_READERS)
          .isTrue();
    }
  }

  /** The names {@link Variables} holds, its prefix aside. */
  private static Set<String> variables() {
    Set<String> names = new TreeSet<>();
    for (Field field : Variables.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers())
          && field.getType() == String.class
          && !field.getName().equals("PREFIX")) {
        try {
          names.add((String) field.get(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    return names;
  }
}
