package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.console.notify.NotifySettings;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.Variables;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code exa console}: the web console and REST API, in the foreground until Ctrl-C. */
@Command(
    name = "console",
    mixinStandardHelpOptions = true,
    description = {
      "Serve the web console and the REST API (/api/v1/facility/fleet) on the same clusters.yaml"
          + " and platform.db as the CLI, until Ctrl-C. On first start, with no user yet, creates"
          + " user admin with a one-time password in a file beside platform.db.",
      "A refresher follows every ACTIVE cluster's unfinished jobs and snapshots its nodes in the"
          + " background; pages read what it stored. See docs/console.md."
    },
    subcommands = {UserCommand.class})
public final class ConsoleCommand implements Callable<Integer> {
  @Option(
      names = "--port",
      defaultValue = "8080",
      paramLabel = "PORT",
      description = "TCP port to listen on (default: ${DEFAULT-VALUE}; 0 for any free port).")
  int port;

  @Option(
      names = "--bind",
      defaultValue = "127.0.0.1",
      paramLabel = "ADDRESS",
      description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
  String bind;

  @Option(
      names = "--refresh-interval",
      defaultValue = "300",
      paramLabel = "SECONDS",
      description =
          "Seconds between two refreshes of a cluster: its jobs followed, its nodes read"
              + " (default: ${DEFAULT-VALUE}, at least 10).")
  int refreshSeconds;

  @Option(
      names = "--secure-cookies",
      description = "Mark cookies Secure: users reach the console over HTTPS through a TLS proxy.")
  boolean secureCookies;

  @Option(
      names = "--tls-keystore",
      paramLabel = "FILE",
      description =
          "Serve HTTPS with this keystore (PKCS12 or JKS, e.g. made by keytool); its password is"
              + " read from $"
              + KEYSTORE_PASSWORD
              + ", never from the command line. Cookies are then Secure.")
  java.nio.file.Path tlsKeystore;

  @Option(
      names = "--mcp-allow-writes",
      description =
          "Offer MCP clients at /mcp the approval tools (hpc_approve_cluster,"
              + " hpc_reject_cluster), to tokens with the admin scope only; audited as"
              + " mcp:<client> with the token's owner. Default: read tools only.")
  boolean mcpWrites;

  @Option(
      names = "--mcp-allow-origin",
      paramLabel = "ORIGIN",
      description =
          "A web origin (scheme://host[:port]) whose pages may call /mcp; repeat for more."
              + " Default: none (a request with an Origin header is refused; MCP clients that are"
              + " not web pages send none).")
  java.util.List<String> mcpOrigins = java.util.List.of();

  @Option(
      names = "--notify",
      paramLabel = "FILE",
      description =
          "Send notifications as this YAML file says (a signed JSON webhook, mail over SMTP):"
              + " when a cluster waits for approval, a decision is made, or a cluster's refresh"
              + " keeps failing. Secrets from files it names or the environment"
              + " ($"
              + NotifySettings.WEBHOOK_SECRET
              + ", $"
              + NotifySettings.SMTP_PASSWORD
              + "), never from it. See docs/console.md, \"Notifications\".")
  java.nio.file.Path notify;

  @Option(
      names = "--ldap",
      paramLabel = "FILE",
      description =
          "Sign users of an LDAP directory in too, as its settings in this YAML file say (URL,"
              + " TLS, the console's bind DN, where users are, the groups of admins and viewers);"
              + " the bind password comes from the file it names or $"
              + DirectoryFile.PASSWORD_VARIABLE
              + ". Local users (the break-glass admin) still sign in. See docs/console.md.")
  java.nio.file.Path ldap;

  @Option(
      names = "--oidc",
      paramLabel = "FILE",
      description =
          "Sign users of an OpenID Provider in too, as its settings in this YAML file say (issuer,"
              + " client id, the groups claim, the groups of admins and viewers); the client"
              + " secret comes from the file it names. Local users (the break-glass admin) still"
              + " sign in. See docs/console.md.")
  java.nio.file.Path oidc;

  /** The variable the keystore's password comes from: never argv, never a log. */
  static final String KEYSTORE_PASSWORD = Variables.CONSOLE_KEYSTORE_PASSWORD;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final Map<String, String> env;
  private final Clock clock;
  private final Supplier<Fleet> fleet;

  /**
   * @param env the process environment, read once by the surface that starts the console
   * @param fleet the services, built from that environment on first use
   */
  public ConsoleCommand(Map<String, String> env, Clock clock, Supplier<Fleet> fleet) {
    this.env = env;
    this.clock = clock;
    this.fleet = fleet;
  }

  /** The fleet this console serves. */
  Fleet fleet() {
    return fleet.get();
  }

  /**
   * Who runs this command, for the audit trail: {@code EXAMLOPS_ACTOR}, else the operating-system
   * user, through {@code surface}: the console when it starts, the CLI for {@code exa console user
   * ...}.
   */
  Actor actor(String surface) {
    String name = env.get(Variables.ACTOR);
    return new Actor(
        name == null || name.isBlank() ? System.getProperty("user.name") : name, surface);
  }

  /**
   * Refuses a port something already listens on before the web server tries it, so that the answer
   * is this command's one line rather than the web server's error log and trace.
   */
  private static void requireFree(String bind, int port) {
    if (port == 0) {
      return;
    }
    try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
      probe.setReuseAddress(true);
      probe.bind(new java.net.InetSocketAddress(bind, port));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    if (port < 0 || port > 65_535) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--port " + port + " is not a TCP port: use 1 to 65535 (0 for any free port)");
    }
    if (refreshSeconds < ConsoleSettings.MIN_REFRESH.toSeconds()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--refresh-interval "
              + refreshSeconds
              + " is too short: a scheduler asked that often"
              + " is hammered; use at least "
              + ConsoleSettings.MIN_REFRESH.toSeconds());
    }
    ConsoleSettings.Tls tls = tlsKeystore == null ? null : loadKeystore();
    McpOptions mcp = new McpOptions(mcpWrites, java.util.Set.copyOf(mcpOrigins));
    NotifySettings notifications = notify == null ? null : loadNotify();
    io.examlops.fleet.settings.DirectorySettings directory =
        ldap == null ? null : DirectoryFile.read(ldap, env);
    io.examlops.fleet.settings.OpenIdSettings provider =
        oidc == null ? null : OpenIdFile.read(oidc);
    Fleet fleet = fleet();
    fleet
        .access()
        .createFirstAdmin(actor(Actor.CONSOLE))
        .ifPresent(
            admin ->
                out.println(
                    "Created user "
                        + admin.user()
                        + "; its one-time password is in "
                        + admin.passwordFile()
                        + " (readable by you only). Sign in with it: the console then asks you to"
                        + " choose your own."));
    fleet
        .governance()
        .exposedFiles()
        .forEach(warning -> spec.commandLine().getErr().println("warning: " + warning));
    ConsoleServer server =
        new ConsoleServer(
            fleet,
            new ConsoleSettings(
                bind,
                port,
                Duration.ofSeconds(refreshSeconds),
                secureCookies,
                tls,
                mcp,
                notifications,
                directory,
                provider),
            clock);
    CountDownLatch stopped = new CountDownLatch(1);
    int listening;
    try {
      requireFree(bind, port);
      listening = server.start();
    } catch (RuntimeException e) {
      server.close();
      throw FleetException.invalid(
          "cannot listen on "
              + bind
              + ":"
              + port
              + " ("
              + rootMessage(e)
              + "); choose another"
              + " --port or --bind",
          "port");
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  stopped.countDown();
                },
                "console-stop"));
    if (directory != null) {
      out.println(
          "Directory users sign in too: "
              + directory.describe()
              + " ("
              + roleGroups(directory.adminGroups(), directory.viewerGroups())
              + ")");
      out.flush();
      server
          .directoryProblems()
          .forEach(
              problem ->
                  spec.commandLine()
                      .getErr()
                      .println(
                          "warning: "
                              + problem
                              + "; directory users cannot sign in until it is fixed, local users"
                              + " can"));
      spec.commandLine().getErr().flush();
    }
    if (provider != null) {
      out.println(
          "OIDC users sign in too: "
              + provider.describe()
              + " ("
              + roleGroups(provider.adminGroups(), provider.viewerGroups())
              + "; their sessions last no longer than their ID tokens)");
      out.flush();
    }
    String host = bind.contains(":") ? "[" + bind + "]" : bind;
    out.println(
        "HPC Fleet console listening on "
            + server.scheme()
            + "://"
            + host
            + ":"
            + listening
            + "/ (Ctrl-C stops it)");
    if (tls == null
        && !bind.startsWith("127.")
        && !bind.equals("::1")
        && !bind.equals("localhost")) {
      out.println(
          "Reachable from other machines: serve it through a TLS proxy"
              + " (docs/console.md, \"TLS\") and pass --secure-cookies.");
    }
    out.flush();
    stopped.await();
    return 0;
  }

  /**
   * The notification settings, read and checked now so that a wrong file is said before anything
   * starts; what is allowed but unwise is printed as warnings.
   */
  private NotifySettings loadNotify() {
    NotifySettings settings;
    try {
      settings = NotifySettings.load(notify, env);
    } catch (NotifySettings.Invalid e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--notify " + e.getMessage());
    }
    settings.warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
    return settings;
  }

  /** The keystore, loaded now so that a wrong file or password is said before anything starts. */
  private ConsoleSettings.Tls loadKeystore() {
    String password = env.get(KEYSTORE_PASSWORD);
    if (password == null || password.isEmpty()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--tls-keystore "
              + tlsKeystore
              + ": set its password in the environment variable "
              + KEYSTORE_PASSWORD
              + " (it is never taken from the command line)");
    }
    try {
      return new ConsoleSettings.Tls(
          java.security.KeyStore.getInstance(tlsKeystore.toFile(), password.toCharArray()),
          password);
    } catch (java.io.IOException | java.security.GeneralSecurityException e) {
      // The message names the file and what is wrong with it, never the password.
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--tls-keystore "
              + tlsKeystore
              + " cannot be used: "
              + rootMessage(e)
              + "; give a PKCS12 or JKS keystore and its password in "
              + KEYSTORE_PASSWORD);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }

  /** Which groups make admins and which viewers, in words: {@code admins: ops; viewers: none}. */
  private static String roleGroups(List<String> admins, List<String> viewers) {
    return "admins: "
        + (admins.isEmpty() ? "none" : String.join("; ", admins))
        + "; viewers: "
        + (viewers.isEmpty() ? "none" : String.join("; ", viewers));
  }
}
