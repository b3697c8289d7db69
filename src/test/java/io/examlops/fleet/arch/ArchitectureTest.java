package io.examlops.fleet.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMembers;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.testing.ProductClasses;
import io.examlops.fleet.transport.CommandRunner;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house rules (docs/architecture.md): one core and thin surfaces; surfaces see the services'
 * API and the values, nothing else of the core; no package cycles; scheduler implementations named
 * only where they are registered; the process's environment and properties read only at the edges.
 */
class ArchitectureTest {
  private static final String ROOT = ProductClasses.ROOT;
  private static final String[] SURFACES = {ROOT + ".cli..", ROOT + ".console..", ROOT + ".mcp.."};

  /** The schedulers' own packages: their adapters, probes, backends and parsers. */
  private static final String[] SCHEDULER_IMPLEMENTATIONS = {
    ROOT + ".scheduler.slurm..",
    ROOT + ".scheduler.flux..",
    ROOT + ".scheduler.nvidia..",
    ROOT + ".scheduler.mock.."
  };

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = ProductClasses.all();
  }

  @Test
  void coreKnowsNothingOfItsSurfaces() {
    noClasses()
        .that()
        .resideOutsideOfPackages(SURFACES)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(SURFACES)
        .because("surfaces are thin adapters over the core, never the other way round")
        .check(classes);
  }

  @Test
  void surfacesDoNotCallEachOther() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".cli..")
        .should()
        .dependOnClassesThat(
            JavaClass.Predicates.resideInAnyPackage(ROOT + ".console..", ROOT + ".mcp..")
                .and(JavaClass.Predicates.simpleNameEndingWith("Command").negate()))
        .because("the CLI only registers the other surfaces' commands as its subcommands")
        .check(classes);
  }

  /**
   * A surface sees {@code Fleet}, the services it hands out and what their public operations take
   * and return (requests, results, and the types those hold), the values of {@code model}, the
   * settings it builds at its edge, the one JSON mapping, the JDK (with its HMAC and TLS) and its
   * own libraries: never a service's internals, the stores, the transports or a scheduler's
   * adapter.
   */
  @Test
  void surfacesReachTheCoreOnlyThroughTheServicesApi() {
    Set<String> api = serviceApi();
    classes()
        .that()
        .resideInAnyPackage(SURFACES)
        .should()
        .onlyDependOnClassesThat(
            JavaClass.Predicates.resideInAnyPackage(
                    ROOT + ".model..",
                    ROOT + ".settings..",
                    ROOT + ".json..",
                    ROOT + ".cli..",
                    ROOT + ".console..",
                    ROOT + ".mcp..",
                    "java..",
                    // The JDK's HMAC and TLS: the console's notifications sign webhooks and speak
                    // SMTP with STARTTLS (console.notify).
                    "javax.crypto..",
                    "javax.net.ssl..",
                    "picocli..",
                    "io.javalin..",
                    // Javalin's own server: its hooks (error handler, connectors) hand out Jetty's.
                    "org.eclipse.jetty..",
                    // The servlet response Javalin's context hands out: an event stream (MCP over
                    // HTTP) is written as it goes, past Javalin's buffering and compression.
                    "jakarta.servlet..",
                    "gg.jte..",
                    "io.modelcontextprotocol..",
                    "com.fasterxml.jackson..",
                    "org.slf4j..",
                    "ch.qos.logback..",
                    "reactor..")
                .or(inApi(api)))
        .because(
            "the surfaces are thin adapters over the services: a rule or an internal reached"
                + " around them would answer differently on each surface")
        .check(classes);
  }

  /** The top-level packages depend on each other in one direction only. */
  @Test
  void topLevelPackagesAreFreeOfCycles() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(classes);
  }

  /** The scheduler contract and each scheduler's package: adapters depend on the contract only. */
  @Test
  void schedulerPackagesAreFreeOfCycles() {
    slices()
        .assignedFrom(
            new SliceAssignment() {
              @Override
              public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String pkg = javaClass.getPackageName();
                if (!pkg.startsWith(ROOT + ".scheduler")) {
                  return SliceIdentifier.ignore();
                }
                return SliceIdentifier.of(pkg);
              }

              @Override
              public String getDescription() {
                return "the scheduler contract and each scheduler's package";
              }
            })
        .should()
        .beFreeOfCycles()
        .check(classes);
  }

  /**
   * A scheduler is plugged in at one place; nothing else knows which ones exist, nor is a type
   * named after one (it belongs in that scheduler's package).
   */
  @Test
  void onlyTheRegistrationNamesSchedulerImplementations() {
    noClasses()
        .that()
        .resideOutsideOfPackages(SCHEDULER_IMPLEMENTATIONS)
        .and()
        .doNotHaveFullyQualifiedName(ROOT + ".StandardSchedulers")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(SCHEDULER_IMPLEMENTATIONS)
        .orShould()
        .haveNameMatching(NAMED_AFTER_A_SCHEDULER)
        .because("a scheduler's knowledge lives in its adapter, registered in StandardSchedulers")
        .check(classes);
  }

  /**
   * A particular scheduler's kind (its label, its settings) is declared and held by its adapter
   * alone: outside the schedulers' own packages no class declares a kind or keeps one in a
   * constant, save the neutral {@link SchedulerKind#NONE}. With {@link
   * #onlyTheRegistrationNamesSchedulerImplementations} (which keeps their {@code KIND} constants
   * out of reach), nothing outside {@code scheduler/} names a particular scheduler.
   */
  @Test
  void onlyAnAdapterDeclaresOrHoldsItsSchedulersKind() {
    noClasses()
        .that()
        .resideOutsideOfPackages(SCHEDULER_IMPLEMENTATIONS)
        .should()
        .callMethodWhere(
            JavaCall.Predicates.target(
                AccessTarget.Predicates.declaredIn(SchedulerKind.class)
                    .and(HasName.Predicates.name("declare"))))
        .because("a scheduler's kind is its adapter's to declare, with the settings it takes")
        .check(classes);
    fields()
        .that()
        .haveRawType(SchedulerKind.class)
        .and()
        .areStatic()
        .and()
        .areDeclaredInClassesThat()
        .resideOutsideOfPackages(SCHEDULER_IMPLEMENTATIONS)
        .should()
        .haveName("NONE")
        .andShould()
        .beDeclaredIn(SchedulerKind.class)
        .because("a constant for a particular scheduler belongs to its adapter, not to the core")
        .check(classes);
  }

  /** A particular scheduler's name, as a type, method or field would carry it. */
  private static final String NAMED_AFTER_A_SCHEDULER = "(?i).*(slurm|flux|nvidia|mock).*";

  /**
   * Outside the schedulers' own packages (and their registration) no method or field is named after
   * a particular scheduler (no type either: {@link
   * #onlyTheRegistrationNamesSchedulerImplementations}): the core reaches one through its {@link
   * SchedulerKind} and its adapter, never through a member of its own ({@code OutputPath.slurm()}).
   * Two exceptions, by their nature: {@code hostlist} is the grammar of Slurm's and Flux's
   * hostlists, whose dialects it names ({@code Hostlist.Dialect.SLURM}); and the mock's one setting
   * is named as its variable is ({@code EXAMLOPS_MOCK_GPUS}: {@code Variables.MOCK_GPUS}, {@code
   * FleetSettings.mockGpus()}). Messages are held by {@link #noCoreMessageNamesAScheduler}.
   */
  @Test
  void nothingOutsideTheSchedulersIsNamedAfterOne() {
    noMembers()
        .that()
        .areDeclaredInClassesThat()
        .resideOutsideOfPackages(SCHEDULER_IMPLEMENTATIONS)
        .and()
        .areDeclaredInClassesThat()
        .doNotHaveFullyQualifiedName(ROOT + ".StandardSchedulers")
        .and()
        .areDeclaredInClassesThat()
        .resideOutsideOfPackage(ROOT + ".hostlist..")
        .and()
        .haveNameNotMatching("(?i).*mock_?gpus.*")
        .should()
        .haveNameMatching(NAMED_AFTER_A_SCHEDULER)
        .because(
            "the core asks a cluster's adapter (by its SchedulerKind) what only one scheduler"
                + " knows, so that adding a scheduler changes nothing outside scheduler/")
        .check(classes);
  }

  /** A particular scheduler or one of its commands, as a message would name it. */
  private static final Pattern A_SCHEDULER_IN_WORDS =
      Pattern.compile(
          "(?i)\\b(slurm\\w*|flux|sbatch|srun|squeue|sinfo|scontrol|sacct|scancel|nvidia-smi)\\b");

  /**
   * No string the core holds (a message, a note, a reason, a rule's wording) names a particular
   * scheduler or one of its commands: a message about a time, a path or a queue says what was wrong
   * in the fleet's words, and one that must name the scheduler takes it from the cluster's adapter
   * ({@code SchedulerKind.label()}), so that adding a scheduler changes no message outside {@code
   * scheduler/}. Outside the rule, by their nature: the schedulers' own packages and their
   * registration; {@code hostlist}, the grammar of Slurm's and Flux's dialects; and the surfaces,
   * whose help texts, MCP instructions and API descriptions are user documentation and may say how
   * each scheduler behaves.
   */
  @Test
  void noCoreMessageNamesAScheduler() {
    List<String> named = new ArrayList<>();
    for (JavaClass type : classes) {
      if (type.getPackageName().startsWith(ROOT + ".hostlist")
          || type.getName().equals(ROOT + ".StandardSchedulers")
          || Stream.concat(Stream.of(SCHEDULER_IMPLEMENTATIONS), Stream.of(SURFACES))
              .anyMatch(p -> type.getPackageName().startsWith(p.replace("..", "")))) {
        continue;
      }
      for (String text : StringConstants.of(type)) {
        if (A_SCHEDULER_IN_WORDS.matcher(text).find()) {
          named.add(type.getName() + ": " + text);
        }
      }
    }
    assertThat(named).as("core strings that name a scheduler").isEmpty();
  }

  /** The environment and the JVM's properties are read once, at a surface's edge, into settings. */
  @Test
  void onlySurfacesReadTheProcessEnvironmentOrSystemProperties() {
    noClasses()
        .that()
        .resideOutsideOfPackages(SURFACES)
        .should()
        .accessTargetWhere(
            JavaAccess.Predicates.target(
                AccessTarget.Predicates.declaredIn(System.class)
                    .and(
                        HasName.Predicates.nameMatching(
                            "getenv|getProperty|getProperties|getLogger"))))
        .orShould()
        .accessTargetWhere(
            JavaAccess.Predicates.target(
                AccessTarget.Predicates.declaredIn(Integer.class)
                    .or(AccessTarget.Predicates.declaredIn(Long.class))
                    .or(AccessTarget.Predicates.declaredIn(Boolean.class))
                    .and(HasName.Predicates.nameMatching("getInteger|getLong|getBoolean"))))
        .because(
            "a core that reads the process itself would ignore the settings a surface built, and"
                + " its tests would depend on the machine they run on")
        .check(classes);
  }

  @Test
  void modelIsPlainValues() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".model..")
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages(ROOT + ".model..", "java..")
        .because("the values every layer speaks depend on nothing but each other and the JDK")
        .check(classes);
  }

  @Test
  void parsersDoNoIo() {
    noClasses()
        .that()
        .haveSimpleNameEndingWith("Parser")
        .should()
        .dependOnClassesThat(
            JavaClass.Predicates.assignableTo(CommandRunner.class)
                .or(JavaClass.Predicates.resideInAnyPackage("java.nio.file..", "java.net.."))
                .or(JavaClass.Predicates.assignableTo(java.io.InputStream.class))
                .or(JavaClass.Predicates.assignableTo(java.io.File.class)))
        .because(
            "parsers are pure functions from text (or a finished CommandResult) to model values;"
                + " running commands and reading files belongs to probes")
        .check(classes);
  }

  /** {@code Fleet} is a composition root: it hands out services and has no operation of its own. */
  @Test
  void fleetOnlyHandsOutServices() {
    for (Method method : Fleet.class.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())) {
        org.assertj.core.api.Assertions.assertThat(method.getReturnType().getSimpleName())
            .as(method.getName())
            .endsWith("Service");
        org.assertj.core.api.Assertions.assertThat(method.getParameterCount())
            .as(method.getName())
            .isZero();
      }
    }
  }

  private static DescribedPredicate<JavaClass> inApi(Set<String> api) {
    return DescribedPredicate.describe(
        "in the services' API", c -> api.contains(c.getName().replaceAll("\\$.*", "")));
  }

  /**
   * {@code Fleet}, its services, and every type their public operations take or return, with the
   * types those records and enums hold, followed to the end.
   */
  private static Set<String> serviceApi() {
    Set<String> api = new TreeSet<>();
    Deque<Class<?>> todo = new ArrayDeque<>();
    api.add(Fleet.class.getName());
    for (Method method : Fleet.class.getMethods()) {
      if (method.getDeclaringClass() == Fleet.class && !Modifier.isStatic(method.getModifiers())) {
        todo.add(method.getReturnType());
      }
    }
    while (!todo.isEmpty()) {
      Class<?> type = todo.pop();
      if (type.isArray()) {
        todo.push(type.getComponentType());
        continue;
      }
      if (!type.getName().startsWith(ROOT + ".") || !api.add(type.getName())) {
        continue;
      }
      for (Method method : type.getMethods()) {
        if (method.getDeclaringClass() != type) {
          continue;
        }
        collect(method.getGenericReturnType(), todo);
        for (Type parameter : method.getGenericParameterTypes()) {
          collect(parameter, todo);
        }
      }
      if (type.isRecord()) {
        for (RecordComponent component : type.getRecordComponents()) {
          collect(component.getGenericType(), todo);
        }
      }
      for (Class<?> nested : type.getDeclaredClasses()) {
        if (Modifier.isPublic(nested.getModifiers())) {
          todo.push(nested);
        }
      }
    }
    return api;
  }

  private static void collect(Type type, Deque<Class<?>> todo) {
    if (type instanceof Class<?> c) {
      todo.push(c);
    } else if (type instanceof ParameterizedType p) {
      collect(p.getRawType(), todo);
      for (Type argument : p.getActualTypeArguments()) {
        collect(argument, todo);
      }
    } else if (type instanceof WildcardType w) {
      for (Type bound : w.getUpperBounds()) {
        collect(bound, todo);
      }
    }
  }
}
