package io.examlops.fleet.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** The product's compiled classes, its tests left out, as ArchUnit reads them (once per JVM). */
public final class ProductClasses {
  /** The product's root package. */
  public static final String ROOT = "io.examlops.fleet";

  private static JavaClasses classes;

  private ProductClasses() {}

  public static synchronized JavaClasses all() {
    if (classes == null) {
      classes =
          new ClassFileImporter()
              .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
              .importPackages(ROOT);
    }
    return classes;
  }
}
