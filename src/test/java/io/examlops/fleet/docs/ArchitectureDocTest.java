package io.examlops.fleet.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.testing.MarkdownTable;
import io.examlops.fleet.testing.ProductClasses;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md is what a newcomer reads to find each package, service and rule: its tables
 * are held to the compiled classes, so that a package, a service or an operation added or removed
 * without the page fails here.
 */
class ArchitectureDocTest {
  private static final String ROOT = ProductClasses.ROOT;
  private static final Path PAGE = Path.of("docs", "architecture.md");

  /** A type named in a cell: its simple name, before any member ({@code CommandRunner.api()}). */
  private static final Pattern TYPE = Pattern.compile("^([A-Z][A-Za-z0-9]*)(?:[.(].*)?$");

  /** An operation named in a cell: a method name, with or without its parameters. */
  private static final Pattern OPERATION = Pattern.compile("^([a-z][A-Za-z0-9]*)(?:\\(.*\\))?$");

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = ProductClasses.all();
  }

  /**
   * Every package of the product is in the package table (a {@code name..} row covers its
   * sub-packages), and every package the table names exists.
   */
  @Test
  void thePackageTableNamesEveryPackage() {
    Set<String> packages =
        classes.stream()
            .map(JavaClass::getPackageName)
            .filter(p -> p.startsWith(ROOT))
            .collect(Collectors.toCollection(TreeSet::new));
    Map<String, List<String>> rows = packageRows();

    Set<String> named = new TreeSet<>();
    rows.values().forEach(named::addAll);
    for (String entry : named) {
      assertThat(packages.stream().anyMatch(p -> covers(entry, p)))
          .as("%s names package %s, which holds no class", PAGE, entry)
          .isTrue();
    }
    for (String pkg : packages) {
      assertThat(named.stream().anyMatch(e -> covers(e, pkg)))
          .as("package %s is in no row of the package table of %s", pkg, PAGE)
          .isTrue();
    }
  }

  /** Each type the package table says a package holds is there (by its simple name). */
  @Test
  void thePackageTableNamesTypesWhereTheyAre() {
    for (var row : packageRows().entrySet()) {
      for (String span : MarkdownTable.code(row.getKey())) {
        Matcher type = TYPE.matcher(span);
        if (!type.matches()) {
          continue;
        }
        String simple = type.group(1);
        assertThat(
                classes.stream()
                    .filter(c -> c.getSimpleName().equals(simple))
                    .anyMatch(c -> row.getValue().stream().anyMatch(e -> covers(e, c))))
            .as("%s: the row of %s names %s, which none of them holds", PAGE, row.getValue(), span)
            .isTrue();
      }
    }
  }

  /**
   * The service table has a row for each service {@code Fleet} hands out, and names each of that
   * service's public operations, and nothing it does not have.
   */
  @Test
  void theServiceTableNamesEveryOperation() {
    Map<String, Class<?>> services = new LinkedHashMap<>();
    for (Method accessor : Fleet.class.getDeclaredMethods()) {
      if (Modifier.isPublic(accessor.getModifiers())
          && !Modifier.isStatic(accessor.getModifiers())) {
        services.put(accessor.getName() + "()", accessor.getReturnType());
      }
    }
    MarkdownTable table = MarkdownTable.in(PAGE, "service", "operations");
    Map<String, String> documented = new LinkedHashMap<>();
    for (List<String> row : table.rows()) {
      documented.put(MarkdownTable.code(row.get(0)).get(0), row.get(1));
    }
    assertThat(documented.keySet())
        .as("the services of the service table of %s", PAGE)
        .containsExactlyInAnyOrderElementsOf(services.keySet());

    SoftAssertions each = new SoftAssertions();
    for (var service : services.entrySet()) {
      Set<String> operations = operations(service.getValue());
      Set<String> named = new TreeSet<>();
      for (String span : MarkdownTable.code(documented.get(service.getKey()))) {
        Matcher operation = OPERATION.matcher(span);
        if (operation.matches()) {
          named.add(operation.group(1));
        }
      }
      each.assertThat(named)
          .as(
              "the operations the row %s of %s names, against those of %s",
              service.getKey(), PAGE, service.getValue().getSimpleName())
          .containsExactlyInAnyOrderElementsOf(operations);
    }
    each.assertAll();
  }

  /** The failure kinds the page lists are those of {@link ErrorKind}. */
  @Test
  void theFailureKindsAreThoseOfErrorKind() throws IOException {
    String page = Files.readString(PAGE);
    Matcher list =
        Pattern.compile("a \\*\\*kind\\*\\* \\(`ErrorKind`\\):([^;]*);", Pattern.DOTALL)
            .matcher(page);
    assertThat(list.find()).as("%s lists the error kinds", PAGE).isTrue();
    assertThat(MarkdownTable.code(list.group(1)))
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(ErrorKind.values()).map(Enum::name).toList());
  }

  /** Each type the rule table says holds a rule exists where it says. */
  @Test
  void theRuleTableNamesTypesThatExist() {
    for (List<String> row : MarkdownTable.in(PAGE, "rule", "where").rows()) {
      String pkg = null;
      for (String span : MarkdownTable.code(row.get(1))) {
        int dot = span.lastIndexOf('.');
        if (dot > 0) {
          pkg = ROOT + "." + span.substring(0, dot);
        }
        String name = pkg + "." + span.substring(dot + 1);
        assertThat(classes.contain(name)).as("%s: the rule table names %s", PAGE, name).isTrue();
      }
    }
  }

  /**
   * The package table's rows: the text of the row (what it holds) by the packages its first cell
   * names, each as a package name, ending in {@code ..} when it covers its sub-packages. A name
   * starting with a dot is a sibling of the one before it ({@code scheduler.slurm}, {@code .flux}).
   */
  private static Map<String, List<String>> packageRows() {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    for (List<String> row : MarkdownTable.in(PAGE, "package", "holds").rows()) {
      List<String> packages = new java.util.ArrayList<>();
      String previous = null;
      for (String span : MarkdownTable.code(row.get(0))) {
        String name;
        if (span.equals(ROOT)) {
          name = ROOT;
        } else if (span.startsWith(".") && previous != null) {
          name = previous.substring(0, previous.lastIndexOf('.')) + span;
        } else {
          name = ROOT + "." + span;
        }
        packages.add(name);
        previous = name;
      }
      rows.put(row.get(1), packages);
    }
    return rows;
  }

  private static boolean covers(String entry, String pkg) {
    if (entry.endsWith("..")) {
      String base = entry.substring(0, entry.length() - 2);
      return pkg.equals(base) || pkg.startsWith(base + ".");
    }
    return pkg.equals(entry);
  }

  private static boolean covers(String entry, JavaClass type) {
    return covers(entry, type.getPackageName());
  }

  /** A service's public operations: its public instance methods, its interfaces' included. */
  private static Set<String> operations(Class<?> service) {
    Set<String> operations = new TreeSet<>();
    for (Method method : service.getMethods()) {
      if (method.getDeclaringClass() != Object.class
          && !Modifier.isStatic(method.getModifiers())
          && !method.isSynthetic()) {
        operations.add(method.getName());
      }
    }
    return operations;
  }
}
