package io.examlops.fleet.cli;

import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.settings.Variables;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Refuses a command line or environment that carries private key material in any argument or {@code
 * EXAMLOPS_*} variable, before anything can echo it: the refusal names the option or variable and
 * never shows the value.
 */
final class KeyMaterialGuard {
  // Never shown anywhere, and a passphrase is not key material: it is left to the key's own checks.
  // Variables exa reads beside EXAMLOPS_*; other variables are none of its business.
  private static final Set<String> ALSO_READ = Set.of(Variables.COST_PER_HOUR, Variables.HOME);

  private KeyMaterialGuard() {}

  /** The refusal for the first argument or variable holding key material, if any. */
  static Optional<String> refusal(String[] args, Map<String, String> env) {
    for (int i = 0; i < args.length; i++) {
      if (KeyMaterial.looksLikePrivateKey(args[i])) {
        return Optional.of(message(source(args, i)));
      }
    }
    for (Map.Entry<String, String> e : new TreeMap<>(env).entrySet()) {
      if ((e.getKey().startsWith(Variables.PREFIX) || ALSO_READ.contains(e.getKey()))
          && !e.getKey().equals(Variables.SSH_KEY_PASSPHRASE)
          && KeyMaterial.looksLikePrivateKey(e.getValue())) {
        return Optional.of(message("the environment variable " + e.getKey()));
      }
    }
    return Optional.empty();
  }

  /** {@code --key} for {@code --key VALUE} and {@code --key=VALUE}, else the argument's place. */
  private static String source(String[] args, int index) {
    String arg = args[index];
    int equals = arg.indexOf('=');
    String option = equals > 2 ? arg.substring(0, equals) : "";
    if (arg.startsWith("--") && !option.isEmpty() && !KeyMaterial.looksLikePrivateKey(option)) {
      return "the value of " + option;
    }
    if (index > 0 && args[index - 1].startsWith("-") && args[index - 1].indexOf('=') < 0) {
      return "the value of " + args[index - 1];
    }
    return "command-line argument " + (index + 1);
  }

  private static String message(String source) {
    return KeyMaterial.refusal(source);
  }
}
