package io.examlops.fleet.model;

import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * One setting a scheduler adapter takes from a cluster's definition, such as Flux's instance URI.
 * The adapter declares it with its kind ({@link SchedulerKind#declare}); the definition, the
 * approval pin, clusters.yaml and platform.db carry its value without knowing what it means.
 *
 * @param name the key as clusters.yaml writes it ({@code flux_uri})
 * @param label what it is, in words, for messages ({@code Flux instance})
 * @param rule checks a value and returns its normal form; throws {@link FleetException#invalid}
 *     saying what is wrong and how to write it
 */
public record AdapterSetting(String name, String label, UnaryOperator<String> rule) {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,31}");

  public AdapterSetting {
    if (!isName(name)) {
      throw new IllegalArgumentException(
          "setting name " + Printable.quoted(name) + ": use a lower-case clusters.yaml key");
    }
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(rule, "rule");
  }

  /** Whether the text is written as a setting's name is: a lower-case clusters.yaml key. */
  public static boolean isName(String text) {
    return text != null && NAME.matcher(text).matches();
  }

  /** The value in its normal form, or the rule's verdict. */
  public String check(String value) {
    return rule.apply(value);
  }

  /** How a change names it: {@code Flux instance (flux_uri)}. */
  public String shown() {
    return label + " (" + name + ")";
  }
}
