package io.examlops.fleet.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.examlops.fleet.transport.CommandRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One core, thin surfaces: the core never reaches into the CLI, the console or the MCP server. */
class ArchitectureTest {
  private static final String[] SURFACES = {
    "io.examlops.fleet.cli..", "io.examlops.fleet.console..", "io.examlops.fleet.mcp.."
  };
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.examlops.fleet");
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
        .resideInAPackage("io.examlops.fleet.cli..")
        .should()
        .dependOnClassesThat(
            JavaClass.Predicates.resideInAnyPackage(
                    "io.examlops.fleet.console..", "io.examlops.fleet.mcp..")
                .and(JavaClass.Predicates.simpleNameEndingWith("Command").negate()))
        .because("the CLI only registers the other surfaces' commands as its subcommands")
        .check(classes);
  }

  /**
   * The application API is the only way in: a surface sees {@code Fleet}, its requests and results
   * (the root package), the value types of {@code model}, the one JSON mapping of those results,
   * the JDK and its own libraries. The CLI may name the console's and the MCP server's command
   * classes, to register them as subcommands.
   */
  @Test
  void surfacesReachTheCoreOnlyThroughTheApplicationApi() {
    classes()
        .that()
        .resideInAnyPackage(SURFACES)
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "io.examlops.fleet",
            "io.examlops.fleet.model..",
            "io.examlops.fleet.json..",
            "io.examlops.fleet.cli..",
            "io.examlops.fleet.console..",
            "io.examlops.fleet.mcp..",
            "java..",
            "picocli..",
            "io.javalin..",
            // Javalin's own server: its hooks (error handler, connectors) hand out Jetty's types.
            "org.eclipse.jetty..",
            "gg.jte..",
            "io.modelcontextprotocol..",
            "com.fasterxml.jackson..",
            "org.slf4j..",
            "ch.qos.logback..",
            "reactor..")
        .because(
            "the surfaces are thin adapters over Fleet: a rule or an internal reached around it"
                + " would answer differently on each surface")
        .check(classes);
  }

  /** The environment is read once, at a surface's edge, and passed into {@code Fleet}. */
  @Test
  void onlySurfacesReadTheProcessEnvironment() {
    noClasses()
        .that()
        .resideOutsideOfPackages(SURFACES)
        .should()
        .accessTargetWhere(
            JavaAccess.Predicates.target(
                AccessTarget.Predicates.declaredIn(System.class)
                    .and(HasName.Predicates.name("getenv"))))
        .because("a core that reads the environment itself would ignore what a surface passed in")
        .check(classes);
  }

  @Test
  void modelIsPlainValues() {
    noClasses()
        .that()
        .resideInAPackage("io.examlops.fleet.model..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.examlops.fleet.transport..",
            "io.examlops.fleet.discovery..",
            "io.examlops.fleet.registry..",
            "io.examlops.fleet.scheduling..",
            "io.examlops.fleet.scheduler..",
            "io.examlops.fleet.capacity..",
            "java.sql..",
            "java.nio.file..",
            "com.jcraft..")
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
}
