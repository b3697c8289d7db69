package io.examlops.fleet.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The request field an option or parameter fills, where its own name differs: a failure the core
 * reports about that field then names this command's option ({@code --follow-timeout} for logs,
 * {@code --wait-timeout} for submit, both filling {@code timeoutSeconds}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface Fills {
  /** The request record component's name. */
  String value();
}
