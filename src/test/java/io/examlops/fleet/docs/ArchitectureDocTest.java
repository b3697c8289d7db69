package io.examlops.fleet.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.model.Actor;
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

  /** The surfaces' packages (their messages may name their own options). */
  private static final List<String> SURFACES = List.of("cli", "console", "mcp");

  /** The feature packages, one service each. */
  private static final List<String> SERVICES =
      List.of("discovery", "governance", "placement", "jobs", "capacity", "access");

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
   * Who uses each package is among those its row's last column names, and each package named there
   * uses it: surfaces, the services, later features, the adapters, and packages or root types in
   * code. Rows used by everyone, by nothing or by the layers above say nothing to compute.
   */
  @Test
  void thePackageTableSaysWhoUsesEachPackage() {
    MarkdownTable table = MarkdownTable.in(PAGE, "package", "holds", "may be used by");
    Map<String, List<String>> rows = packageRows();
    SoftAssertions each = new SoftAssertions();
    for (List<String> row : table.rows()) {
      String users = row.get(2);
      if (users.contains("everyone") || users.startsWith("nothing") || users.contains("above")) {
        continue;
      }
      List<String> own = rows.get(row.get(1));
      Set<String> named = new TreeSet<>();
      for (String span : MarkdownTable.code(users)) {
        named.add(Character.isUpperCase(span.charAt(0)) ? ROOT : ROOT + "." + span);
      }
      Set<String> allowed = new TreeSet<>(named);
      USERS_IN_WORDS.forEach(
          (words, packages) -> {
            if (users.contains(words)) {
              packages.forEach(p -> allowed.add(ROOT + "." + p));
            }
          });
      Set<String> using = new TreeSet<>();
      for (JavaClass type : classes) {
        if (own.stream().anyMatch(e -> covers(e, type))) {
          for (var dependency : type.getDirectDependenciesToSelf()) {
            String user = dependency.getOriginClass().getPackageName();
            if (own.stream().noneMatch(e -> covers(e, user))) {
              using.add(user);
            }
          }
        }
      }
      Set<String> actual =
          using.stream()
              .map(p -> userOf(p, allowed))
              .collect(Collectors.toCollection(TreeSet::new));
      each.assertThat(allowed)
          .as("%s: who may use %s, against who does", PAGE, own)
          .containsAll(actual);
      each.assertThat(actual)
          .as("%s: the packages the row of %s names use it", PAGE, own)
          .containsAll(named);
    }
    each.assertAll();
  }

  /** What the last column of the package table says in words, and the packages it means. */
  private static final Map<String, List<String>> USERS_IN_WORDS =
      Map.of(
          "surfaces",
          SURFACES,
          "the services",
          SERVICES,
          "later features",
          SERVICES,
          "the adapters",
          List.of("scheduler.slurm", "scheduler.flux", "scheduler.nvidia", "scheduler.mock"));

  /** A user's package as the table counts it: the named package it is in, or itself. */
  private static String userOf(String pkg, Set<String> allowed) {
    return allowed.stream()
        .filter(a -> pkg.equals(a) || (!a.equals(ROOT) && pkg.startsWith(a + ".")))
        .findFirst()
        .orElse(pkg);
  }

  /**
   * The operations the page says take no request record, or return no record, are those that do
   * (the access service, whose operations take plain values, apart).
   */
  @Test
  void theOperationsWithoutARequestRecordAreThoseNamed() throws IOException {
    Set<String> without = new TreeSet<>();
    for (Method operation : operationsOutsideAccess()) {
      boolean takesRequest =
          Arrays.stream(operation.getParameterTypes())
              .anyMatch(t -> t.isRecord() && t.getSimpleName().endsWith("Request"));
      if (!takesRequest || !operation.getReturnType().isRecord()) {
        without.add(operation.getName());
      }
    }
    assertThat(listAfter("and a verdict that returns or throws:"))
        .containsExactlyInAnyOrderElementsOf(without);
  }

  /** The operations the page says take no {@code Actor} are those that take none. */
  @Test
  void theOperationsWithoutAnActorAreThoseNamed() throws IOException {
    Set<String> without = new TreeSet<>();
    for (Method operation : operationsOutsideAccess()) {
      List<Class<?>> parameters = Arrays.asList(operation.getParameterTypes());
      if (!parameters.contains(Actor.class)) {
        without.add(operation.getName());
      } else {
        assertThat(parameters.get(0))
            .as("%s takes the Actor first", operation)
            .isEqualTo(Actor.class);
      }
    }
    assertThat(listAfter("take the acting `Actor` first; these take none:"))
        .containsExactlyInAnyOrderElementsOf(without);
  }

  /**
   * As the page says, no request record with text in it has a canonical constructor that calls
   * nothing but a null check (one that can refuse no value).
   */
  @Test
  void theRequestsThatDoNotCheckThemselvesAreThoseNamed() throws IOException {
    Set<String> unchecked = new TreeSet<>();
    for (JavaClass type : classes) {
      if (!type.getSimpleName().endsWith("Request")) {
        continue;
      }
      Class<?> request = type.reflect();
      if (!request.isRecord()
          || Arrays.stream(request.getRecordComponents())
              .noneMatch(c -> c.getType() == String.class)) {
        continue;
      }
      Class<?>[] canonical =
          Arrays.stream(request.getRecordComponents())
              .map(c -> c.getType())
              .toArray(Class<?>[]::new);
      boolean checks =
          type.getConstructor(canonical).getCallsFromSelf().stream()
              .map(call -> call.getTarget().getOwner().getName() + "." + call.getName())
              .anyMatch(
                  called ->
                      !called.equals("java.lang.Record.<init>")
                          && !called.equals("java.util.Objects.requireNonNull"));
      if (!checks) {
        unchecked.add(request.getSimpleName());
      }
    }
    assertThat(Files.readString(PAGE))
        .contains("that a service would have to judge later does not exist");
    assertThat(unchecked).as("requests that refuse no value when built").isEmpty();
  }

  /**
   * The classes the page says still have messages naming {@code exa}'s commands or options are
   * those of the core whose string literals do: {@code exa hpc ...} anywhere, {@code --option}
   * outside a scheduler's own package (where options are the scheduler's commands').
   */
  @Test
  void theMessagesNamingASurfacesOptionAreThoseNamed() throws IOException {
    Path core = Path.of("src", "main", "java", "io", "examlops", "fleet");
    Pattern command = Pattern.compile("\\bexa (hpc|console|pipeline|mcp)\\b");
    Pattern option = Pattern.compile("(^|[\\s(])--[a-z]");
    Set<String> naming = new TreeSet<>();
    List<Path> sources;
    try (var files = Files.walk(core)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).toList();
    }
    for (Path source : sources) {
      String top = core.relativize(source).getName(0).toString();
      if (SURFACES.contains(top)) {
        continue;
      }
      boolean schedulersOwn = top.equals("scheduler") && core.relativize(source).getNameCount() > 2;
      for (String literal : literals(Files.readString(source))) {
        if (command.matcher(literal).find() || (!schedulersOwn && option.matcher(literal).find())) {
          naming.add(source.getFileName().toString().replace(".java", ""));
        }
      }
    }
    assertThat(listAfter("which still name `exa`'s, to be reworded:"))
        .containsExactlyInAnyOrderElementsOf(naming);
  }

  /**
   * Every type the page names in code ({@code GpuAsk}, {@code model.TimeLimit}, {@code
   * CommandRunner.api()}) is a class of the product, a test, or the JDK: a type renamed or removed
   * fails here.
   */
  @Test
  void everyTypeThePageNamesExists() throws IOException {
    Set<String> known =
        classes.stream()
            .map(JavaClass::getSimpleName)
            .collect(Collectors.toCollection(TreeSet::new));
    try (var files = Files.walk(Path.of("src", "test", "java"))) {
      files
          .map(f -> f.getFileName().toString())
          .filter(f -> f.endsWith(".java"))
          .forEach(f -> known.add(f.replace(".java", "")));
    }
    Pattern type = Pattern.compile("^(?:[a-z][a-z0-9]*\\.)*([A-Z][a-z][A-Za-z0-9]*)\\b");
    SoftAssertions each = new SoftAssertions();
    for (String span : MarkdownTable.code(Files.readString(PAGE))) {
      Matcher named = type.matcher(span);
      if (named.find() && !known.contains(named.group(1)) && !inJavaLang(named.group(1))) {
        each.fail(
            "%s names `%s`: no class %s in the product, its tests or java.lang",
            PAGE, span, named.group(1));
      }
    }
    each.assertAll();
  }

  private static boolean inJavaLang(String simpleName) {
    try {
      Class.forName("java.lang." + simpleName);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /**
   * The string literals of a Java source, text blocks included, comments and character literals
   * left out.
   */
  private static List<String> literals(String source) {
    List<String> literals = new java.util.ArrayList<>();
    int i = 0;
    while (i < source.length()) {
      if (source.startsWith("//", i)) {
        i = source.indexOf('\n', i);
        i = i < 0 ? source.length() : i;
      } else if (source.startsWith("/*", i)) {
        i = source.indexOf("*/", i + 2) + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        literals.add(source.substring(i + 3, end));
        i = end + 3;
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        char quote = source.charAt(i);
        int j = i + 1;
        while (source.charAt(j) != quote) {
          j += source.charAt(j) == '\\' ? 2 : 1;
        }
        if (quote == '"') {
          literals.add(source.substring(i + 1, j));
        }
        i = j + 1;
      } else {
        i++;
      }
    }
    return literals;
  }

  /**
   * The names in code in the page's list that follows {@code marker} (its words, wherever the page
   * breaks its lines), up to the first full stop or semicolon.
   */
  private static List<String> listAfter(String marker) throws IOException {
    String words =
        Arrays.stream(marker.split(" ")).map(Pattern::quote).collect(Collectors.joining("\\s+"));
    Matcher list =
        Pattern.compile(words + "([^.;]*)[.;]", Pattern.DOTALL).matcher(Files.readString(PAGE));
    assertThat(list.find()).as("%s has the list after \"%s\"", PAGE, marker).isTrue();
    return MarkdownTable.code(list.group(1));
  }

  /** The public operations of each service but the access service's. */
  private static List<Method> operationsOutsideAccess() {
    List<Method> operations = new java.util.ArrayList<>();
    for (Method accessor : Fleet.class.getDeclaredMethods()) {
      Class<?> service = accessor.getReturnType();
      if (!Modifier.isPublic(accessor.getModifiers())
          || Modifier.isStatic(accessor.getModifiers())
          || service == AccessService.class) {
        continue;
      }
      for (Method method : service.getMethods()) {
        if (method.getDeclaringClass() != Object.class
            && !Modifier.isStatic(method.getModifiers())
            && !method.isSynthetic()) {
          operations.add(method);
        }
      }
    }
    return operations;
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
