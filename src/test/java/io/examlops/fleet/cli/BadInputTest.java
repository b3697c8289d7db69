package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input of every kind (options, environment variables, clusters.yaml contents, platform.db
 * states, job scripts), each run through {@code exa} and checked for the exit code, a message that
 * names what is wrong, where and how to fix it, no secret in any output, and stored state left as
 * it was: the bytes of clusters.yaml and every row of platform.db.
 *
 * <p>Cases marked {@link Run#PROCESS} run the real {@code exa} in its own JVM (environment, exit
 * status and both streams as a user sees them); the others run in-process, which is the same code
 * without the JVM start, so that the table stays fast.
 */
class BadInputTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** In every case's environment: it must never be printed. */
  private static final String PASSPHRASE = "pass-Phrase-never-shown-7f3a";

  /** What the world's key file holds: it must never be printed either. */
  private static final String KEY_BODY =
      "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtz";

  enum Run {
    IN_PROCESS,
    PROCESS
  }

  /**
   * One bad input.
   *
   * @param name what is tried
   * @param run in-process or as a real process
   * @param env variables added to (or, with a null value, removed from) the world's environment
   * @param setup prepares the case's own files (a broken registry, a script) in its directory
   * @param args the command line; {@code {dir}} is replaced by the case's directory
   * @param exitCode the expected exit code
   * @param says fragments the message must contain: what, where, how to fix
   */
  record Case(
      String name,
      Run run,
      Map<String, String> env,
      Consumer<Path> setup,
      List<String> args,
      int exitCode,
      List<String> says) {
    @Override
    public String toString() {
      return name;
    }
  }

  @TempDir static Path world;
  @TempDir static Path cases;
  private static Path emptyPath;

  private static Map<String, String> baseEnv() {
    Map<String, String> env = new HashMap<>();
    env.put("HOME", world.resolve("home").toString());
    env.put("EXAMLOPS_HPC_REGISTRY", world.resolve("clusters.yaml").toString());
    env.put("EXAMLOPS_DATA_DIR", world.resolve("data").toString());
    env.put("EXAMLOPS_ACTOR", "carol");
    env.put("EXAMLOPS_MOCK_GPUS", "4");
    env.put("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE", PASSPHRASE);
    env.put("PATH", emptyPath.toString());
    return env;
  }

  /** A fleet with an ACTIVE mock cluster {@code dev}, a PENDING {@code new}, one job and a key. */
  @BeforeAll
  static void buildTheWorld() throws Exception {
    emptyPath = Files.createDirectories(world.resolve("empty-path"));
    Path ssh = Files.createDirectories(world.resolve("home/.ssh"));
    Path key = ssh.resolve("id_ed25519");
    Files.writeString(
        key,
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
            + KEY_BODY
            + "\n-----END OPENSSH PRIVATE KEY-----\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Files.writeString(world.resolve("ok.sh"), "#!/bin/sh\necho ok\n");
    Map<String, String> env = baseEnv();
    require(ExaRun.run(env, "hpc", "connect", "local", "--name", "dev", "--scheduler", "mock"));
    require(ExaRun.run(env, "hpc", "approve", "dev"));
    require(ExaRun.run(env, "hpc", "connect", "local", "--name", "new", "--scheduler", "mock"));
    require(
        ExaRun.run(
            env, "hpc", "submit", "--cluster", "dev", "--wait", world.resolve("ok.sh").toString()));
  }

  private static void require(ExaRun run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
  }

  static Stream<Case> badInputs() {
    List<Case> all = new ArrayList<>();
    all.addAll(options());
    all.addAll(environment());
    all.addAll(clustersYaml());
    all.addAll(platformDb());
    all.addAll(jobScripts());
    return all.stream();
  }

  private static List<Case> options() {
    return List.of(
        c(
            "--time with minutes out of range",
            Run.PROCESS,
            "hpc submit --cluster dev --time 25:99:99 {ok}",
            2,
            "--time",
            "minutes 99",
            "0 to 59"),
        c(
            "--time with seconds out of range",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --time 10:75 {ok}",
            2,
            "--time",
            "seconds 75",
            "0 to 59"),
        c(
            "--time with hours out of range after a day",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --time 1-24:00 {ok}",
            2,
            "--time",
            "hours 24",
            "0 to 23"),
        c(
            "--time that is no time",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --time soon {ok}",
            2,
            "--time",
            "'soon'",
            "minutes (90)"),
        c(
            "--time zero",
            Run.IN_PROCESS,
            "hpc preflight dev --gpus 1 --time 0",
            2,
            "--time",
            "is shorter than one second"),
        c(
            "--wait-timeout negative",
            Run.PROCESS,
            "hpc submit --cluster dev --wait-timeout -5 {ok}",
            2,
            "--wait-timeout",
            "-5",
            "1 to"),
        c(
            "--wait-timeout beyond a week",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --wait --wait-timeout 99999999 {ok}",
            2,
            "--wait-timeout",
            "604800"),
        c(
            "--gpus too large for a number",
            Run.PROCESS,
            "hpc submit --cluster dev --gpus 99999999999 {ok}",
            2,
            "--gpus",
            "too large",
            "2147483647"),
        c(
            "--gpus not a number",
            Run.IN_PROCESS,
            "hpc place --gpus many",
            2,
            "--gpus",
            "'many'",
            "not a whole number"),
        c(
            "--gpus negative",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --gpus -1 {ok}",
            2,
            "--gpus",
            "-1"),
        c(
            "--gpus not a multiple of --nodes",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --gpus 3 --nodes 2 {ok}",
            2,
            "3 GPUs",
            "2 nodes",
            "multiple"),
        c(
            "--nodes zero",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --nodes 0 {ok}",
            2,
            "nodes",
            "at least 1"),
        c(
            "--partition with shell characters",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --partition a;b {ok}",
            2,
            "partition",
            "'a;b'",
            "letters"),
        c(
            "--account with a command substitution",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --account $(id) {ok}",
            2,
            "account",
            "'$(id)'",
            "letters"),
        c(
            "--name with a space",
            Run.IN_PROCESS,
            "hpc submit --cluster dev --name two_words! {ok}",
            2,
            "job name",
            "'two_words!'",
            "letters"),
        c(
            "--port on a local detect",
            Run.PROCESS,
            "hpc detect --port 2222",
            2,
            "--port",
            "SSH only",
            "name the HOST"),
        c(
            "--connect-timeout on connect local",
            Run.IN_PROCESS,
            "hpc connect local --name other --scheduler mock --connect-timeout 5",
            2,
            "--connect-timeout",
            "SSH only",
            "`local`"),
        c(
            "--user and --key on connect local",
            Run.IN_PROCESS,
            "hpc connect local --name other --scheduler mock --user u --key /k",
            2,
            "--user",
            "--key",
            "SSH only"),
        c(
            "--port out of range",
            Run.IN_PROCESS,
            "hpc detect login --port 70000 --key /nonexistent/k",
            2,
            "--port",
            "70000",
            "between 1 and 65535"),
        // issue 34: without a key at hand, the port used to be checked only after the key
        e(
            "--port above 65535 where no SSH key exists",
            Run.IN_PROCESS,
            Map.of("HOME", "{dir}"),
            "hpc connect h --name x --scheduler slurm --port 99999",
            2,
            "--port: invalid port 99999",
            "between 1 and 65535"),
        e(
            "--port -1 where no SSH key exists",
            Run.IN_PROCESS,
            Map.of("HOME", "{dir}"),
            "hpc detect h --port -1",
            2,
            "--port: invalid port -1",
            "between 1 and 65535"),
        c(
            "--port not a number",
            Run.IN_PROCESS,
            "hpc detect login --port twenty-two",
            2,
            "--port",
            "'twenty-two'",
            "whole number"),
        c(
            "an ssh option as the host",
            Run.PROCESS,
            "hpc detect -oProxyCommand=touch_pwned",
            2,
            "-oProxyCommand=touch_pwned",
            "not a host name",
            "never starts with '-'"),
        c(
            "an ssh option as connect's host",
            Run.IN_PROCESS,
            "hpc connect -oProxyCommand=x --name x",
            2,
            "'-oProxyCommand=x'",
            "not a host name"),
        c(
            "an ssh option after --",
            Run.IN_PROCESS,
            "hpc detect -- -oProxyCommand=x",
            2,
            "HOST:",
            "not a host name",
            "not starting with '-'"),
        c(
            "a 300-character host",
            Run.IN_PROCESS,
            "hpc detect " + "h".repeat(300),
            2,
            "300 characters",
            "not a host name",
            "at most 253"),
        c(
            "--scheduler that is not one",
            Run.PROCESS,
            "hpc connect local --name other --scheduler unmanaged",
            2,
            "--scheduler",
            "'unmanaged'",
            "slurm, flux or mock"),
        // issue 34: a trailing newline was trimmed away, and the scheduler taken as slurm
        new Case(
            "--scheduler with a trailing newline",
            Run.IN_PROCESS,
            Map.of(),
            dir -> {},
            List.of("hpc", "connect", "local", "--name", "other", "--scheduler", "mock\n"),
            2,
            List.of("--scheduler", "'mock\\u000a'", "slurm, flux or mock")),
        c(
            "connect --name against the rule",
            Run.IN_PROCESS,
            "hpc connect local --name Bad;Name --scheduler mock",
            2,
            "'Bad;Name'",
            "lower-case letter"),
        c(
            "conflicting host-key policies",
            Run.IN_PROCESS,
            "hpc detect login --key /k --accept-new-host-key --insecure-no-host-key-check",
            2,
            "at most one of",
            "--accept-new-host-key"),
        c(
            "reject --reason with a newline",
            Run.PROCESS,
            "hpc reject new --reason {newline}",
            2,
            "--reason: the reason",
            "one line"),
        c(
            "reject without --reason",
            Run.IN_PROCESS,
            "hpc reject new",
            2,
            "--reason",
            "see `exa hpc reject --help`"),
        c(
            "an unknown subcommand with --json",
            Run.PROCESS,
            "--json hpc frobnicate",
            2,
            "frobnicate",
            "did you mean"),
        c(
            "an unknown option with --json",
            Run.PROCESS,
            "--json hpc clusters --colour",
            2,
            "--colour",
            "exa hpc clusters --help"),
        c(
            "a missing parameter with --json",
            Run.IN_PROCESS,
            "hpc submit --json",
            2,
            "SCRIPT",
            "exa hpc submit --help"),
        c(
            "hpc --help prints no picocli warning (a % in a description)",
            Run.PROCESS, "hpc --help", 0, "Usage: exa hpc", "utilization %"),
        c(
            "jobs --state that is no state",
            Run.IN_PROCESS,
            "hpc jobs --state finished",
            2,
            "--state: 'finished' is not a job state",
            "completed"),
        c(
            "--host-key-fingerprint in another form",
            Run.IN_PROCESS,
            "hpc detect login --key /k --host-key-fingerprint MD5:aa",
            2,
            "fingerprint",
            "SHA256:"));
  }

  private static List<Case> environment() {
    return List.of(
        e(
            "EXAMLOPS_HPC_SCHEDULER that is no scheduler",
            Run.PROCESS,
            Map.of("EXAMLOPS_HPC_SCHEDULER", "bogus"),
            "hpc clusters",
            2,
            "EXAMLOPS_HPC_SCHEDULER",
            "'bogus'",
            "slurm, flux, mock, unmanaged"),
        e(
            "EXAMLOPS_ACTOR with a newline",
            Run.PROCESS,
            Map.of("EXAMLOPS_ACTOR", "eve\nmallory"),
            "hpc approve new",
            2,
            "EXAMLOPS_ACTOR",
            "one line",
            "unset it"),
        e(
            "EXAMLOPS_ACTOR with a right-to-left override (shows as root)",
            Run.PROCESS,
            // a UTF-8 locale, as a user's: in the C locale the JVM reads it as U+FFFD
            Map.of("EXAMLOPS_ACTOR", "\u202etoor", "LC_ALL", "C.UTF-8"),
            "hpc approve new",
            2,
            "EXAMLOPS_ACTOR",
            "\\u202e",
            "bidirectional"),
        c(
            "reject --reason with a right-to-left override",
            Run.IN_PROCESS,
            "hpc reject new --reason ok\u202etxt.exe",
            2,
            "the reason",
            "bidirectional control character (U+202E) at character 3"),
        c(
            "reject --reason with an escape sequence",
            Run.IN_PROCESS,
            "hpc reject new --reason \u001b[31mred",
            2,
            "the reason",
            "an escape character (U+001B)"),
        c(
            "submit --cluster auto asking more GPUs than any cluster has: as place, exit 1",
            Run.IN_PROCESS,
            "hpc submit --cluster auto --gpus 1000000 {ok}",
            1,
            "1000000"),
        c(
            "--gpus in Arabic-Indic digits",
            Run.IN_PROCESS,
            "hpc place --gpus \u0663",
            2,
            "'\u0663' is not a whole number"),
        e(
            "EXAMLOPS_ACTOR of 300 characters",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_ACTOR", "a".repeat(300)),
            "hpc approve new",
            2,
            "EXAMLOPS_ACTOR",
            "at most 200"),
        // issue 34: a CLI user's approval was audited "via console"
        e(
            "EXAMLOPS_SURFACE naming the console",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_SURFACE", "console"),
            "hpc approve new",
            2,
            "EXAMLOPS_SURFACE 'console' names the console's own surface",
            "records its changes as cli",
            "unset it"),
        e(
            "EXAMLOPS_SURFACE naming the MCP server",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_SURFACE", "mcp:claude"),
            "hpc reject new --reason no",
            2,
            "EXAMLOPS_SURFACE 'mcp:claude' names the MCP server's own surface"),
        e(
            "EXAMLOPS_HPC_CLUSTER with a newline",
            Run.PROCESS,
            Map.of("EXAMLOPS_HPC_CLUSTER", "de\nv"),
            "hpc env",
            2,
            "EXAMLOPS_HPC_CLUSTER",
            "invalid cluster name",
            "--cluster NAME"),
        // issue 34: jobs took both silently (and listed nothing)
        e(
            "EXAMLOPS_HPC_CLUSTER that is a path, on a command that does not read it",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_HPC_CLUSTER", "../x"),
            "hpc jobs",
            2,
            "EXAMLOPS_HPC_CLUSTER: invalid cluster name '../x'",
            "a cluster name is a lower-case letter",
            "unset it"),
        c(
            "jobs --cluster that is a path",
            Run.IN_PROCESS,
            "hpc jobs --cluster ../x",
            2,
            "--cluster: invalid cluster name '../x'",
            "a cluster name is a lower-case letter"),
        e(
            "EXAMLOPS_HPC_CLUSTER against the name rule",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_HPC_CLUSTER", "Dev"),
            "hpc preflight --gpus 1",
            2,
            "EXAMLOPS_HPC_CLUSTER",
            "'Dev'",
            "lower-case letter"),
        e(
            "GPU_COST_PER_HOUR of 1e400",
            Run.PROCESS,
            Map.of("GPU_COST_PER_HOUR", "1e400"),
            "hpc capacity",
            2,
            "GPU_COST_PER_HOUR",
            "'1e400'",
            "0 to 1000000"),
        e(
            "GPU_COST_PER_HOUR of NaN",
            Run.IN_PROCESS,
            Map.of("GPU_COST_PER_HOUR", "NaN"),
            "hpc capacity",
            2,
            "GPU_COST_PER_HOUR",
            "must be a number"),
        e(
            "GPU_COST_PER_HOUR negative",
            Run.IN_PROCESS,
            Map.of("GPU_COST_PER_HOUR", "-1"),
            "hpc capacity",
            2,
            "GPU_COST_PER_HOUR",
            "negative"),
        e(
            "GPU_COST_PER_HOUR finer than a millionth",
            Run.IN_PROCESS,
            Map.of("GPU_COST_PER_HOUR", "0.0000001"),
            "hpc capacity",
            2,
            "GPU_COST_PER_HOUR",
            "at most 6 decimals"),
        e(
            "EXAMLOPS_HPC_SSH_PORT not a number",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_HPC_SSH_HOST", "login", "EXAMLOPS_HPC_SSH_PORT", "ssh"),
            "hpc detect",
            2,
            "EXAMLOPS_HPC_SSH_PORT",
            "'ssh'",
            "1-65535"),
        e(
            "EXAMLOPS_HPC_SSH_HOST that is an ssh option",
            Run.PROCESS,
            Map.of("EXAMLOPS_HPC_SSH_HOST", "-oProxyCommand=x"),
            "hpc detect",
            2,
            "EXAMLOPS_HPC_SSH_HOST",
            "not a host name"),
        e(
            "EXAMLOPS_HPC_REGISTRY that is a directory",
            Run.PROCESS,
            Map.of("EXAMLOPS_HPC_REGISTRY", "{dir}"),
            "hpc clusters",
            6,
            "{dir}",
            "is a directory",
            "EXAMLOPS_HPC_REGISTRY at a file"),
        e(
            "EXAMLOPS_HPC_REGISTRY that is a directory, on connect",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_HPC_REGISTRY", "{dir}"),
            "hpc connect local --name other --scheduler mock",
            6,
            "is a directory",
            "{dir}/clusters.yaml"));
  }

  private static final String HEAD =
      "clusters:\n  dev:\n    scheduler: mock\n    transport: local\n";

  private static List<Case> clustersYaml() {
    return List.of(
        y(
            "an unclosed quote",
            Run.PROCESS,
            "clusters:\n  lxp:\n    scheduler: \"slurm\n    transport: ssh\n",
            "hpc clusters",
            ":3:",
            "not valid YAML",
            "quoted scalar",
            "unclosed quote"),
        y(
            "a quote closed on a later line",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: slurm\n    host: \"h\n    transport: ssh\n"
                + "    user: \"u\"\n",
            "hpc clusters",
            ":4:",
            "'host'",
            "not closed on its line",
            "close the quote"),
        y(
            "a tab in the indentation",
            Run.PROCESS,
            "clusters:\n  lxp:\n\tscheduler: slurm\n    transport: ssh\n",
            "hpc clusters",
            ":3:",
            "indented with a tab",
            "spaces"),
        y(
            "a 10 MB host",
            Run.PROCESS,
            HEAD.replace("dev", "big").replace("mock", "slurm").replace("local", "ssh")
                + "    host: "
                + "a".repeat(10_000_000)
                + "\n",
            "hpc clusters",
            "is 10000068 bytes, far over the 1048576 characters",
            "nothing was read"),
        y(
            "a 5000-character host",
            Run.IN_PROCESS,
            "clusters:\n  big:\n    scheduler: slurm\n    transport: ssh\n    host: "
                + "a".repeat(5000)
                + "\n",
            "hpc clusters",
            ":5:",
            "'host'",
            "5000 characters",
            "at most 4096"),
        y(
            "an unknown key",
            Run.IN_PROCESS,
            HEAD + "    hots: x\n",
            "hpc clusters",
            ":5:",
            "'hots'",
            "the keys are"),
        y(
            "a duplicate cluster",
            Run.IN_PROCESS,
            HEAD + "  dev:\n    scheduler: mock\n",
            "hpc clusters",
            "dev",
            "keep one"),
        y(
            "clusters as a list",
            Run.IN_PROCESS,
            "clusters:\n  - dev\n",
            "hpc clusters",
            ":1:",
            "not as a list",
            "'name:'"),
        y(
            "key material as a host",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    host: "
                + "-----BEGIN OPENSSH PRIVATE KEY-----"
                + KEY_BODY
                + "\n",
            "hpc clusters",
            ":5:",
            "key material",
            "path"),
        y(
            "a scheduler that is not one",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: pbs\n    transport: local\n",
            "hpc clusters",
            ":3:",
            "'pbs'",
            "slurm, flux or mock"),
        // issue 34: both read "cluster 'alpha' has no settings"
        y(
            "clusters.yaml with an unclosed bracket after a name",
            Run.IN_PROCESS,
            "clusters:\n  alpha: [unclosed\n",
            "hpc clusters",
            "clusters.yaml:2: not valid YAML",
            "(column 10)"),
        y(
            "clusters.yaml with a global YAML tag",
            Run.IN_PROCESS,
            "clusters:\n  alpha: !!javax.script.ScriptEngineManager"
                + " [!!java.net.URLClassLoader [[!!java.net.URL [\"http://x/\"]]]]\n",
            "hpc clusters",
            "clusters.yaml:2: a YAML tag '!!javax.script.ScriptEngineManager'",
            "remove the tag"),
        // issue 34: an empty fleet, exit 0, while platform.db holds the ACTIVE cluster dev
        y(
            "an empty clusters.yaml while platform.db records an approved cluster",
            Run.IN_PROCESS,
            "",
            "hpc clusters",
            "clusters.yaml: is empty, while",
            "records 1 approved cluster (dev)",
            "definitions were lost",
            "Backup and restore",
            "clusters: {}"),
        new Case(
            "a dangling clusters.yaml link while platform.db records an approved cluster",
            Run.IN_PROCESS,
            Map.of("EXAMLOPS_HPC_REGISTRY", "{dir}/clusters.yaml"),
            dir -> link(dir.resolve("clusters.yaml"), dir.resolve("gone.yaml")),
            words("hpc queue --cluster dev"),
            ExitCode.NOT_FOUND,
            List.of(
                "clusters.yaml: is a symbolic link to {dir}/gone.yaml, which does not exist, while",
                "records 1 approved cluster (dev)",
                "point the link at the fleet's clusters.yaml")),
        y(
            "a port out of range",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    host: h\n"
                + "    port: 70000\n",
            "hpc clusters",
            ":6:",
            "70000",
            "between 1 and 65535"),
        y(
            "a relative key path",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    host: h\n"
                + "    key: id_rsa\n",
            "hpc clusters",
            ":6:",
            "'id_rsa'",
            "absolute"),
        y(
            "a host that is an ssh option",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n"
                + "    host: -oProxyCommand=x\n",
            "hpc clusters",
            ":5:",
            "not a host name"),
        y(
            "a YAML alias",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: &s slurm\n    transport: ssh\n    host: *s\n",
            "hpc clusters",
            ":5:",
            "alias",
            "write the value out"),
        y(
            "another top-level key",
            Run.IN_PROCESS,
            HEAD + "extra: 1\n",
            "hpc clusters",
            ":5:",
            "'extra'"),
        y(
            "a cluster name against the rule",
            Run.IN_PROCESS,
            "clusters:\n  Lxp:\n    scheduler: mock\n    transport: local\n",
            "hpc clusters",
            ":2:",
            "'Lxp'",
            "lower-case letter"),
        y(
            "a cluster without transport",
            Run.IN_PROCESS,
            "clusters:\n  lxp:\n    scheduler: mock\n",
            "hpc clusters",
            ":2:",
            "no transport",
            "ssh, local or rest"),
        y(
            "a broken file refuses connect too",
            Run.IN_PROCESS,
            HEAD + "\tx: 1\n",
            "hpc connect local --name other --scheduler mock",
            ":5:",
            "indented with a tab"));
  }

  private static List<Case> platformDb() {
    return List.of(
        c(
            "submit to a PENDING cluster",
            Run.PROCESS,
            "hpc submit --cluster new {ok}",
            5,
            "'new'",
            "PENDING",
            "exa hpc approve new"),
        c(
            "submit to an unknown cluster",
            Run.IN_PROCESS,
            "hpc submit --cluster nosuch {ok}",
            6,
            "nosuch",
            "dev"),
        c(
            "env of a PENDING cluster",
            Run.IN_PROCESS,
            "hpc env new",
            5,
            "PENDING",
            "exa hpc approve new"),
        c("approve an unknown cluster", Run.IN_PROCESS, "hpc approve nosuch", 6, "nosuch", "dev"),
        c("cancel a job nobody tracks", Run.PROCESS, "hpc cancel 999", 6, "999"),
        c("audit of an unknown cluster", Run.IN_PROCESS, "hpc audit --cluster nosuch", 6, "nosuch"),
        c(
            "preflight of a PENDING cluster fails the gate",
            Run.IN_PROCESS,
            "hpc preflight new --gpus 1",
            1,
            "approval",
            "PENDING"),
        c(
            "more GPUs than the cluster has: fail, never also 'will wait'",
            Run.IN_PROCESS,
            "hpc preflight dev --gpus 8",
            1,
            "only 4 GPUs",
            "8 asked",
            "can never start"));
  }

  private static List<Case> jobScripts() {
    return List.of(
        s(
            "an empty script path",
            Run.PROCESS,
            null,
            "hpc submit --cluster dev ",
            2,
            "SCRIPT: the script path is empty",
            "give the path"),
        s(
            "a script that does not exist",
            Run.IN_PROCESS,
            null,
            "hpc submit --cluster dev {dir}/nosuch.sh",
            6,
            "{dir}/nosuch.sh",
            "does not exist"),
        s(
            "a script that is a directory",
            Run.IN_PROCESS,
            null,
            "hpc submit --cluster dev {dir}",
            6,
            "{dir}",
            "not a readable file"),
        s(
            "a script without #!",
            Run.PROCESS,
            "echo hi\n",
            "hpc submit --cluster dev {dir}/job.sh",
            2,
            "#!/bin/bash",
            "interpreter line"),
        s(
            "a binary script",
            Run.IN_PROCESS,
            "#!/bin/sh\n\0\1\2",
            "hpc submit --cluster dev {dir}/job.sh",
            2,
            "NUL byte",
            "binary"),
        s(
            "pipeline run with a script that does not exist",
            Run.IN_PROCESS,
            null,
            "pipeline run --model m --dataset d --cluster dev --script {dir}/train.py",
            6,
            "{dir}/train.py",
            "does not exist"));
  }

  private static Case c(String name, Run run, String args, int exit, String... says) {
    return new Case(name, run, Map.of(), dir -> {}, words(args), exit, List.of(says));
  }

  private static Case e(
      String name, Run run, Map<String, String> env, String args, int exit, String... says) {
    return new Case(name, run, env, dir -> {}, words(args), exit, List.of(says));
  }

  private static Case y(String name, Run run, String yaml, String args, String... says) {
    return new Case(
        name,
        run,
        Map.of("EXAMLOPS_HPC_REGISTRY", "{dir}/clusters.yaml"),
        dir -> write(dir.resolve("clusters.yaml"), yaml),
        words(args),
        ExitCode.NOT_FOUND,
        List.of(says));
  }

  private static Case s(
      String name, Run run, String script, String args, int exit, String... says) {
    List<String> argv = new ArrayList<>(words(args));
    if (args.endsWith(" ")) {
      argv.add("");
    }
    return new Case(
        name,
        run,
        Map.of(),
        dir -> {
          if (script != null) {
            write(dir.resolve("job.sh"), script);
          }
        },
        argv,
        exit,
        List.of(says));
  }

  private static List<String> words(String args) {
    return Arrays.stream(args.strip().split(" "))
        .map(w -> w.replace("{newline}", "line one\nline two"))
        .toList();
  }

  private static void link(Path link, Path target) {
    try {
      Files.createSymbolicLink(link, target);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInputs")
  void isRefusedClearlyAndChangesNothing(Case bad) throws Exception {
    Path dir = Files.createDirectories(cases.resolve(Integer.toHexString(bad.name().hashCode())));
    bad.setup().accept(dir);
    Map<String, String> env = baseEnv();
    bad.env().forEach((k, v) -> env.put(k, v.replace("{dir}", dir.toString())));
    List<String> args =
        bad.args().stream()
            .map(
                a ->
                    a.replace("{dir}", dir.toString())
                        .replace("{ok}", world.resolve("ok.sh").toString()))
            .toList();
    Path yaml = Path.of(env.get("EXAMLOPS_HPC_REGISTRY"));
    byte[] yamlBefore = Files.isRegularFile(yaml) ? Files.readAllBytes(yaml) : null;
    String rowsBefore = rows();

    ExaRun run =
        bad.run() == Run.PROCESS
            ? ExaRun.process(env, args)
            : ExaRun.run(env, args.toArray(String[]::new));

    String output = run.out() + run.err();
    assertThat(run.exitCode()).as(bad.name() + ": " + output).isEqualTo(bad.exitCode());
    for (String fragment : bad.says()) {
      assertThat(output).as(bad.name()).contains(fragment.replace("{dir}", dir.toString()));
    }
    assertThat(output)
        .as(bad.name() + ": no secret")
        .doesNotContain(PASSPHRASE)
        .doesNotContain(KEY_BODY.substring(0, 24))
        .doesNotContain("Exception")
        .doesNotContain("picocli WARN")
        .doesNotContain("\tat ");
    assertThat(run.err().lines().count()).as(bad.name() + ": a message, not a dump").isLessThan(8);
    if (args.contains("--json")) {
      JsonNode error = JSON.readTree(run.out()).get("error");
      assertThat(error.get("exitCode").asInt()).isEqualTo(bad.exitCode());
      assertThat(error.get("message").asText()).isNotBlank();
      DocumentedShapes.cliReference().assertMatches("error", run.out());
    }
    if (yamlBefore != null) {
      assertThat(Files.readAllBytes(yaml)).as(bad.name() + ": clusters.yaml").isEqualTo(yamlBefore);
    }
    assertThat(rows()).as(bad.name() + ": platform.db rows").isEqualTo(rowsBefore);
  }

  /** Every row of every table of the world's platform.db, as text. */
  private static String rows() throws SQLException {
    Path db = world.resolve("data/platform.db");
    StringBuilder all = new StringBuilder();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs =
          s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String table : tables) {
        try (ResultSet rs = s.executeQuery("SELECT * FROM \"" + table + "\" ORDER BY rowid")) {
          int columns = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            all.append(table).append(':');
            for (int i = 1; i <= columns; i++) {
              all.append(rs.getString(i)).append('|');
            }
            all.append('\n');
          }
        }
      }
    }
    return all.toString();
  }
}
