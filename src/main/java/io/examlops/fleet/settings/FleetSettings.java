package io.examlops.fleet.settings;

import io.examlops.fleet.model.AsciiNumber;
import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.model.Printable;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Everything the core takes from the process it runs in, typed and validated once, when a surface
 * starts: a bad value is refused then, whatever the command (HikariCP's {@code HikariConfig} is the
 * model). Built from the environment at the surface's edge with {@link #fromEnvironment}; nothing
 * below the surfaces reads the environment or a system property.
 *
 * @param registry where clusters.yaml and platform.db are
 * @param home the home {@code ~} means
 * @param osUser the operating-system user: the SSH login name when none is given
 * @param ssh the transport a command uses when it names no host
 * @param keyPassphrase the SSH key's passphrase
 * @param credential a CI's own credential for registered clusters, checked against the approval
 * @param costRate the price of one GPU-hour
 * @param costCurrency the currency of {@code costRate}: an ISO 4217 code
 * @param mockGpus the simulated GPUs of the mock backend's node
 * @param scheduler the scheduler {@code EXAMLOPS_HPC_SCHEDULER} names (checked against the
 *     registered schedulers when the fleet is built); {@code null} when unset
 * @param central the console that keeps the fleet's state (central mode); {@code null} for this
 *     machine's own registry
 * @param leases how jobs submitted through the console are kept from running on unwatched
 */
public record FleetSettings(
    RegistryLocations registry,
    UserHome home,
    String osUser,
    SshDefaults ssh,
    Secret keyPassphrase,
    ClientCredential credential,
    BigDecimal costRate,
    String costCurrency,
    int mockGpus,
    String scheduler,
    CentralServer central,
    LeaseSettings leases) {

  /** The mock node's GPUs when {@value Variables#MOCK_GPUS} is unset. */
  public static final int DEFAULT_MOCK_GPUS = 4;

  public FleetSettings {
    Objects.requireNonNull(registry, "registry");
    Objects.requireNonNull(home, "home");
    Objects.requireNonNull(ssh, "ssh");
    keyPassphrase = keyPassphrase == null ? Secret.NONE : keyPassphrase;
    credential = credential == null ? ClientCredential.NONE : credential;
    costRate = costRate == null ? CostRate.DEFAULT : costRate;
    costCurrency = costCurrency == null ? CostRate.DEFAULT_CURRENCY : costCurrency;
    leases = leases == null ? LeaseSettings.DEFAULTS : leases;
    if (osUser == null || osUser.isBlank()) {
      throw invalid("the operating-system user is unknown: run as a user with a name");
    }
    if (mockGpus < 0) {
      throw mockGpusRefused(Integer.toString(mockGpus));
    }
  }

  /**
   * The settings a process's environment gives.
   *
   * @param env the environment the surface read at its edge
   * @param osUser the operating-system user (Java's {@code user.name})
   * @param accountHome the account's home (Java's {@code user.home}), used when {@code HOME} is
   *     unset
   * @throws FleetException naming the variable, what is wrong with it and how to fix it
   */
  public static FleetSettings fromEnvironment(
      Map<String, String> env, String osUser, Path accountHome) {
    Function<String, String> variable = name -> blankToNull(env.get(name));
    UserHome home = UserHome.of(variable.apply(Variables.HOME), accountHome);
    return new FleetSettings(
        RegistryLocations.of(variable, home),
        home,
        osUser,
        sshDefaults(variable, home),
        Secret.of(env.get(Variables.SSH_KEY_PASSPHRASE)),
        credential(variable),
        CostRate.parse(variable.apply(Variables.COST_PER_HOUR)),
        CostRate.currency(variable.apply(Variables.COST_CURRENCY)),
        mockGpus(variable.apply(Variables.MOCK_GPUS)),
        scheduler(variable.apply(Variables.SCHEDULER)),
        central(variable),
        LeaseSettings.of(variable));
  }

  /** Settings for a home and user with no variable set: this machine's registry under the home. */
  public static FleetSettings defaults(Path home, String osUser) {
    return fromEnvironment(Map.of(), osUser, home);
  }

  /** Whether the fleet's state is a console's (central mode) rather than this machine's. */
  public boolean centralMode() {
    return central != null;
  }

  private static SshDefaults sshDefaults(Function<String, String> variable, UserHome home) {
    String host = variable.apply(Variables.SSH_HOST);
    if (host != null) {
      try {
        ConnectionRules.host(host);
      } catch (FleetException e) {
        throw FleetException.invalid(Variables.SSH_HOST + ": " + e.getMessage());
      }
    }
    String user = variable.apply(Variables.SSH_USER);
    if (user != null) {
      try {
        ConnectionRules.user(user.strip());
      } catch (FleetException e) {
        throw FleetException.invalid(Variables.SSH_USER + ": " + e.getMessage());
      }
    }
    String knownHosts = variable.apply(Variables.SSH_KNOWN_HOSTS);
    String config = variable.apply(Variables.SSH_CONFIG);
    String agent = variable.apply(Variables.SSH_AUTH_SOCK);
    return new SshDefaults(
        host,
        port(variable.apply(Variables.SSH_PORT)),
        user == null ? null : user.strip(),
        key(variable.apply(Variables.SSH_KEY), home),
        knownHosts != null ? home.expand(knownHosts) : home.knownHosts(),
        config != null ? home.expand(config) : home.sshConfig(),
        agent == null ? null : Path.of(agent));
  }

  private static Integer port(String text) {
    if (text == null) {
      return null;
    }
    try {
      int port = AsciiNumber.parseInt(text.trim());
      if (port >= 1 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw FleetException.invalid(
        Variables.SSH_PORT + " must be a port number 1-65535, got " + Printable.quoted(text));
  }

  /** {@code EXAMLOPS_HPC_SSH_KEY} ({@code ~} expanded), else OpenSSH's first default key. */
  private static Path key(String text, UserHome home) {
    if (text != null) {
      return home.expand(KeyMaterial.requireKeyPath(text, Variables.SSH_KEY)).toAbsolutePath();
    }
    return home.defaultKeys().stream().filter(Files::isRegularFile).findFirst().orElse(null);
  }

  private static ClientCredential credential(Function<String, String> variable) {
    String key = variable.apply(Variables.CREDENTIAL_KEY);
    String user = variable.apply(Variables.CREDENTIAL_USER);
    return new ClientCredential(
        key == null
            ? null
            : Path.of(KeyMaterial.requireKeyPath(key.strip(), Variables.CREDENTIAL_KEY)),
        user == null ? null : user.strip());
  }

  private static int mockGpus(String text) {
    if (text == null) {
      return DEFAULT_MOCK_GPUS;
    }
    try {
      return AsciiNumber.parseInt(text.trim()); // a negative number is refused when built
    } catch (NumberFormatException e) {
      throw mockGpusRefused(text);
    }
  }

  /** The one wording of the rule for {@value Variables#MOCK_GPUS}: 0 or more. */
  private static FleetException mockGpusRefused(String text) {
    return FleetException.invalid(
        Variables.MOCK_GPUS + " must be a whole number of GPUs, 0 or more; got '" + text + "'");
  }

  private static String scheduler(String text) {
    return text == null ? null : text.strip();
  }

  private static CentralServer central(Function<String, String> variable) {
    String server = variable.apply(Variables.SERVER);
    return server == null ? null : CentralServer.of(server, variable.apply(Variables.TOKEN));
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  private static FleetException invalid(String message) {
    return FleetException.invalid(message);
  }
}
