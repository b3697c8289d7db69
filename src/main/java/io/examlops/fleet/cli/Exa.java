package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Variables;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code exa} command line: a thin adapter over the core; no business rule lives here. */
@Command(
    name = "exa",
    mixinStandardHelpOptions = true,
    versionProvider = Exa.Version.class,
    description = "HPC Fleet: discover, approve and schedule on Slurm and Flux GPU clusters.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:a check failed, or the command failed (see its message)",
      "2:invalid command line",
      "3:host unreachable (resolve, connect, host key, authentication)",
      "4:the scheduler refused a query or answered unreadably",
      "5:refused by the approval gate (cluster not ACTIVE, or changed since approval)",
      "6:not found (cluster, job, file) or a stored file is invalid"
    })
public final class Exa implements Runnable {

  @Option(
      names = "--json",
      scope = ScopeType.INHERIT,
      description = "Print results as JSON on stdout (shapes in docs/cli.md).")
  boolean json;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The process's environment, with what the agent's configuration decides put over it. */
  final Map<String, String> env;

  final AgentConfig agent;
  final Clock clock;
  private final BiFunction<FleetSettings, Clock, Fleet> fleets;
  private Fleet fleet;

  Exa(
      Map<String, String> env,
      AgentConfig agent,
      Clock clock,
      BiFunction<FleetSettings, Clock, Fleet> fleets) {
    this.env = agent.applyTo(env);
    this.agent = agent;
    this.clock = clock;
    this.fleets = fleets;
  }

  Exa(Map<String, String> env, Clock clock, BiFunction<FleetSettings, Clock, Fleet> fleets) {
    this(env, AgentConfig.NONE, clock, fleets);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * The services, built on first use from this process's environment, read once into settings (a
   * bad variable is refused here, whatever the command): with {@code EXAMLOPS_SERVER} (and its
   * {@code EXAMLOPS_TOKEN}) in central mode, on that console's registry.
   */
  synchronized Fleet fleet() {
    if (fleet == null) {
      defaultCluster();
      FleetSettings settings =
          FleetSettings.fromEnvironment(
              env, System.getProperty("user.name"), Path.of(System.getProperty("user.home")));
      fleet = fleets.apply(settings, clock);
    }
    return fleet;
  }

  /** Whether a console is the fleet's gateway here ({@code EXAMLOPS_SERVER} is set). */
  boolean centralMode() {
    String server = env.get(Variables.SERVER);
    return server != null && !server.isBlank();
  }

  /**
   * Who acts through this command line: {@code EXAMLOPS_ACTOR}, else the operating-system user,
   * through the surface {@code EXAMLOPS_SURFACE} names, else {@code cli}.
   */
  Actor actor() {
    String actor = env.get(Variables.ACTOR);
    Actor who =
        actor == null || actor.isBlank()
            ? Actor.cli(System.getProperty("user.name"))
            : namedActor(actor);
    String surface = env.get(Variables.SURFACE);
    if (surface == null || surface.isBlank()) {
      return who;
    }
    String via = surface.strip();
    String system = via.contains(":") ? via.substring(0, via.indexOf(':')) : via;
    if (system.equals(Actor.CONSOLE) || system.equals(Actor.MCP)) {
      // "via console" means a person signed in to a console; "via mcp" an agent's MCP server
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          Variables.SURFACE
              + " "
              + Printable.quoted(via)
              + " names the "
              + (system.equals(Actor.CONSOLE) ? "console's" : "MCP server's")
              + " own surface, which the audit trail keeps for changes made through it; exa"
              + " records its changes as cli, or as the system that runs it (jenkins:train#42):"
              + " set it so, or unset it");
    }
    try {
      return new Actor(who.name(), surface.strip());
    } catch (FleetException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          Variables.SURFACE
              + " is "
              + Printable.quoted(surface)
              + ": a surface is a short lower-case word, optionally followed by a colon and the"
              + " job it came through (jenkins:train#42; letters, digits and . _ # / @ + -); set"
              + " it so, or unset it");
    }
  }

  private Actor namedActor(String actor) {
    String trimmed = actor.strip();
    if (trimmed.length() > Actor.MAX_LENGTH || !OneLine.isPlain(trimmed)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          Variables.ACTOR
              + " is "
              + Printable.quoted(trimmed)
              + ": the acting user must be one line of at most "
              + Actor.MAX_LENGTH
              + " characters (no newline, control or bidirectional character); set it to a user"
              + " name, or unset"
              + " it to use the operating-system user");
    }
    return Actor.cli(trimmed);
  }

  /** A {@code --cluster} value, else {@code EXAMLOPS_HPC_CLUSTER}, else a usage error. */
  String clusterOrDefault(String cluster) {
    if (cluster != null) {
      return cluster;
    }
    String fallback = defaultCluster();
    if (fallback == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "no cluster given: pass --cluster NAME or set " + Variables.CLUSTER);
    }
    return fallback;
  }

  /**
   * {@code EXAMLOPS_HPC_CLUSTER}, stripped; {@code null} when unset. A value that is not a cluster
   * name is refused in the name rule's own words, whatever the command (as a bad setting is), so
   * that a typo never passes unnoticed through a command that does not read it.
   */
  private String defaultCluster() {
    String value = env.get(Variables.CLUSTER);
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return ClusterName.require(value.strip());
    } catch (FleetException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          Variables.CLUSTER
              + ": "
              + e.getMessage()
              + "; set it to a registered cluster (exa hpc clusters), pass --cluster NAME, or"
              + " unset it");
    }
  }

  Output output() {
    CommandLine line = spec.commandLine();
    return new Output(json, line.getOut(), line.getErr());
  }

  /** Runs a command line with the given environment and streams; returns the exit code. */
  public static int execute(
      String[] args, Map<String, String> env, PrintWriter out, PrintWriter err) {
    return execute(args, env, AgentConfig.NONE, out, err, Fleet::of);
  }

  /** As {@link #execute(String[], Map, PrintWriter, PrintWriter)}, on an agent configured so. */
  static int execute(
      String[] args,
      Map<String, String> env,
      AgentConfig agent,
      PrintWriter out,
      PrintWriter err,
      BiFunction<FleetSettings, Clock, Fleet> fleets) {
    boolean json = java.util.Arrays.asList(args).contains("--json");
    var refused = KeyMaterialGuard.refusal(args, env);
    if (refused.isPresent()) {
      new Output(json, out, err).error(ExitCode.USAGE, "invalid-argument", refused.get());
      return ExitCode.USAGE;
    }
    if ("true".equals(env.get(Variables.AGENT_REQUIRED)) && agent.source() == null) {
      new Output(json, out, err).error(ExitCode.USAGE, "invalid-argument", AgentConfig.MISSING);
      return ExitCode.USAGE;
    }
    Exa exa;
    try {
      exa = new Exa(env, agent, Clock.systemUTC(), fleets);
    } catch (FleetException e) {
      new Output(json, out, err).error(ExitCode.USAGE, "invalid-argument", e.getMessage());
      return ExitCode.USAGE;
    }
    if (onlyOption(args, "--version", "-V")) {
      for (String version : new Version().getVersion()) {
        out.println(version);
      }
      out.flush();
      return ExitCode.OK;
    }
    if (onlyOption(args, "--help", "-h")) {
      Optional<String> usage = KeptUsage.forThisProcess();
      if (usage.isPresent()) {
        out.print(usage.get());
        out.flush();
        return ExitCode.OK;
      }
    }
    CommandLine line = CommandTree.forArguments(exa, args);
    line.setOut(out);
    line.setErr(err);
    line.setExecutionExceptionHandler(new Failures(exa));
    line.setParameterExceptionHandler(new UsageErrors());
    line.registerConverter(Integer.class, new WholeNumber());
    line.registerConverter(int.class, new WholeNumber());
    return line.execute(args);
  }

  /**
   * As {@link #execute(String[], Map, PrintWriter, PrintWriter)}, with the services {@code fleets}
   * builds from the settings (fault tests build theirs with a write hook).
   */
  public static int execute(
      String[] args,
      Map<String, String> env,
      PrintWriter out,
      PrintWriter err,
      BiFunction<FleetSettings, Clock, Fleet> fleets) {
    return execute(args, env, AgentConfig.NONE, out, err, fleets);
  }

  /**
   * What the process needs set before any library starts, for the command {@code args} runs: call
   * first in a main method.
   */
  static void prepareProcess(Map<String, String> env, String[] args) {
    chooseLogging(args);
    UserCache.directory(env)
        .ifPresent(
            cache ->
                Fleet.useNativeLibraryCache(
                    cache, System.getProperty("os.name") + "-" + System.getProperty("os.arch")));
  }

  /**
   * Binds SLF4J to {@link LazyLogging} for every command but {@code console} and {@code mcp}, which
   * run for long and bind logback at once; a binding or a logback configuration that the caller's
   * own properties choose is left as it is.
   */
  private static void chooseLogging(String[] args) {
    String command = "";
    for (String arg : args) {
      if (!arg.startsWith("-")) {
        command = arg;
        break;
      }
    }
    if (command.equals("console")
        || command.equals("mcp")
        || System.getProperty("slf4j.provider") != null
        || System.getProperty("logback.configurationFile") != null) {
      return;
    }
    System.setProperty("slf4j.provider", LazyLogging.NAME);
    // SLF4J announces a binding chosen so on stderr, which is the command's, at its INFO level.
    if (System.getProperty("slf4j.internal.verbosity") == null) {
      System.setProperty("slf4j.internal.verbosity", "WARN");
    }
  }

  public static void main(String[] args) {
    Map<String, String> env = System.getenv();
    prepareProcess(env, args);
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    AgentConfig agent;
    try {
      agent = AgentConfig.firstOf(agentConfigFiles());
    } catch (FleetException e) {
      new Output(java.util.Arrays.asList(args).contains("--json"), out, err)
          .error(ExitCode.USAGE, "invalid-argument", e.getMessage());
      System.exit(ExitCode.USAGE);
      return;
    }
    System.exit(execute(args, env, agent, out, err, Fleet::of));
  }

  /**
   * Where an agent's configuration may be: {@code /etc/examlops/agent.yaml}, then {@code
   * etc/agent.yaml} of the installation whose launcher started this process (it names itself with
   * {@value #INSTALL_PROPERTY}, after any options a caller's environment adds, so the last word is
   * the launcher's).
   */
  private static java.util.List<Path> agentConfigFiles() {
    String install = System.getProperty(INSTALL_PROPERTY);
    return install == null || install.isBlank()
        ? java.util.List.of(AgentConfig.SYSTEM_FILE)
        : java.util.List.of(
            AgentConfig.SYSTEM_FILE, Path.of(install).resolve(AgentConfig.INSTALLED_FILE));
  }

  /** The system property a launcher names its installation's directory with. */
  static final String INSTALL_PROPERTY = "examlops.install";

  /**
   * Whether the command line is this one option alone: {@code --version} is then answered, and
   * {@code --help} answered from {@link KeptUsage}, without picocli's model, whose building (the
   * root command, its options and the stubs of its subcommands) was most of the time either took
   * (docs/performance.md, "Start-up"). Anything more on the line goes through picocli, which checks
   * it.
   */
  private static boolean onlyOption(String[] args, String longName, String shortName) {
    return args.length == 1 && (args[0].equals(longName) || args[0].equals(shortName));
  }

  /** {@code exa --version}: the Maven project's version. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"exa (HPC Fleet) " + io.examlops.fleet.settings.ProductVersion.get()};
    }
  }
}
