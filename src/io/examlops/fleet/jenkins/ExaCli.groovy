package io.examlops.fleet.jenkins

/**
 * The part of the hpc* steps that runs the exa CLI. It is a class of the shared library (src/), not
 * a global variable: a Jenkinsfile sees only the steps in vars/. run() refuses every exa command but
 * the few the steps use (reading, placing, submitting, following and cancelling jobs); review() runs
 * only hpcReview's decisions for a named admin, which the console takes from no token but one with
 * the on-behalf scope. So a pipeline that builds one of these itself changes no governance.
 *
 * Everything here uses only standard Pipeline steps (sh, withEnv, withCredentials, readJSON, echo,
 * error) through the calling step's script, and methods the Groovy sandbox allows, so the library
 * also works as an untrusted, folder-level library.
 */
class ExaCli implements Serializable {
  /**
   * The library's version: the Maven project's (a test holds them equal). The library refuses an
   * exa older than itself.
   */
  static final String VERSION = '0.1.0'

  /** The exa commands the steps may run: none of them changes governance. */
  static final List COMMANDS = ['hpc preflight', 'hpc place', 'hpc submit', 'hpc capacity',
                                'hpc jobs', 'hpc logs', 'hpc cancel', 'pipeline run']

  /** Where an agent's administrator configures exa for every build on it (docs/jenkins.md). */
  static final String AGENT_FILE = '/etc/examlops/agent.yaml'

  private static final String MARKER = 'exa-exit-status:'

  private final def script
  /** The step's name, which starts every message. */
  final String step

  /**
   * @param script the calling step's script (its steps and env)
   * @param step the step's name, which starts every message
   */
  ExaCli(def script, String step) {
    this.script = script
    this.step = step
  }

  /**
   * Checks a step's named parameters before anything runs: an unknown or missing one fails the step
   * with error(), naming the step, the parameter and what is allowed.
   */
  void checkParameters(Map given, List required, List optional) {
    if (given == null) {
      script.error("${step}: takes named parameters, e.g. ${step}(${required.collect { it + ': ...' }.join(', ')})")
    }
    List allowed = required + optional
    for (def key : given.keySet()) {
      if (!allowed.contains(key.toString())) {
        script.error("${step}: unknown parameter '${key}'; allowed: ${allowed.join(', ')}")
      }
    }
    for (def name : required) {
      if (given[name] == null || given[name].toString().trim().isEmpty()) {
        script.error("${step}: missing parameter '${name}' (required: ${required.join(', ')}; optional: ${optional.join(', ')})")
      }
    }
  }

  /** A parameter that must be one of a few words: a choice of the step's own, not a rule of exa's. */
  String oneOf(String name, def value, List allowed) {
    if (!allowed.contains(value.toString())) {
      script.error("${step}: parameter '${name}' must be one of ${allowed.collect { "'" + it + "'" }.join(', ')}, got '${value}'")
    }
    return value.toString()
  }

  /** A true/false parameter; {@code null} is the default. */
  boolean flag(String name, def value, boolean otherwise) {
    return value == null ? otherwise : oneOf(name, value, ['true', 'false']) == 'true'
  }

  /**
   * The given parameters as exa's options, one `--option=value` word each, so that a value never
   * reads as an option of its own. Nothing is checked here: exa checks every value by the core's
   * rules, before anything runs, and failOnError names the parameter it refused.
   *
   * @param options [parameter: option], in the order they go on the command line
   */
  static List options(Map p, Map options) {
    List args = []
    for (def name : options.keySet()) {
      if (p[name] != null) {
        args << "--${options[name]}=${p[name].toString().trim()}".toString()
      }
    }
    return args
  }

  /**
   * A step's job parameter as exa's JOB argument: a number is the fleet's id that hpcSubmit
   * returned (run.jobId), so it goes as #ID and can never be taken for a scheduler's id; text
   * (slurm:12, #12, 12) goes as written.
   */
  static String job(def job) {
    return job instanceof Number ? "#${job}".toString() : job.toString().trim()
  }

  /** One shell word: the value in single quotes, as POSIX sh reads it. */
  static String quote(def value) {
    return "'" + value.toString().replace("'", "'\"'\"'") + "'"
  }

  /**
   * Runs `exa --json ARGS` and returns [status: exit code, json: the parsed result]. exa is found at
   * EXAMLOPS_EXA, else on the PATH. Its stderr (progress, the job's output with --log) goes to the
   * build log as it comes; its stdout is the JSON result.
   *
   * Only the commands in COMMANDS run, and only as the agent's own configuration says (exa agent,
   * read from a file no build can write; never from the build's environment): in central mode the
   * console's API token, the "secret text" credential the configuration names, is bound for the
   * command only (never its command line, never echoed); with the agent's own registry (local:
   * true) the log says what that means; on an agent with no configuration exa itself refuses to
   * run (EXAMLOPS_AGENT_REQUIRED).
   *
   * With credentialsId (the agent's own registry only: in central mode the console holds the keys
   * and a credentialsId is refused), the "SSH Username with private key" credential is bound for
   * the command only: the key file's path and the passphrase reach exa through its environment, never its
   * command line, and nothing is echoed. The username is not bound: a username marked secret would
   * be masked all through the job's output, and exa logs in as the approved user anyway.
   *
   * @param args exa's arguments, the command first (e.g. ['hpc', 'place', '--gpus=1'])
   * @param credentialsId an SSH credential's id, or null
   * @param extra [NAME: value] for exa's environment (the job's --env values)
   */
  Map run(List args, def credentialsId = null, Map extra = [:]) {
    String command = commandOf(args)
    if (!COMMANDS.contains(command)) {
      script.error("${step}: the HPC Fleet steps do not run 'exa ${command}': governance (connect, approve, reject, saving nodes) is done by an admin, on the console, never by a build")
    }
    String exa = exaCommand()
    Map agent = agent(exa)
    String token = null
    if (agent.mode == 'central') {
      if (credentialsId) {
        script.error("${step}: credentialsId is not taken in central mode (${agent.config} names the console ${agent.console}): the console holds the clusters' keys and runs every command on them, so a build needs only its token; drop credentialsId, and keep the cluster's key out of the builds' reach (docs/jenkins.md)")
      }
      token = tokenOf(agent)
    } else {
      script.echo("${step}: WARNING: using this agent's own registry (local: true in ${agent.config}): whoever can run builds on this agent can also approve clusters (sh 'exa hpc approve ...'); a Jenkins shared by more than one person should use central mode (docs/jenkins.md)")
    }
    return runExa(exa, args, command, credentialsId, token, extra)
  }

  /**
   * Runs one of hpcReview's commands: `exa hpc review`, or `exa hpc approve|reject NAME --for=USER`,
   * which the console records as the admin named, and takes only from a token with the on-behalf
   * scope (a console admin mints it for the governance job alone). Never without a console: an
   * agent's own registry would take the decision from anyone who can run a build there.
   *
   * @param tokenCredentialsId the "secret text" credential holding the governance job's token
   */
  Map review(List args, String tokenCredentialsId) {
    String command = commandOf(args)
    boolean forSomeone = args.any { it.toString().startsWith('--for=') }
    if (!(command == 'hpc review' || (command in ['hpc approve', 'hpc reject'] && forSomeone))) {
      script.error("${step}: runs only 'exa hpc review' and 'exa hpc approve|reject --for', not 'exa ${command}'")
    }
    String exa = exaCommand()
    Map agent = agent(exa)
    if (agent.mode != 'central') {
      script.error("${step}: decisions are recorded on the fleet console, as the admin who clicked, and this agent is not configured for one (${agent.config}): run hpcReview on an agent whose configuration names the console ('console: https://fleet.example.org', docs/jenkins.md)")
    }
    return runExa(exa, args, command, null, tokenCredentialsId, [:])
  }

  /** The exa to run: EXAMLOPS_EXA as the agent's node sets it, else exa on the PATH. */
  private String exaCommand() {
    return script.env.EXAMLOPS_EXA ?: 'exa'
  }

  /** The token credential the agent's configuration names; fails the step when it names none. */
  private String tokenOf(Map agent) {
    if (!agent.tokenCredentialsId) {
      script.error("${step}: ${agent.config} names the console ${agent.console} but no tokenCredentialsId: its administrator adds 'tokenCredentialsId: ID', the id of the \"secret text\" credential holding this Jenkins' console token (docs/jenkins.md)")
    }
    return agent.tokenCredentialsId.toString()
  }

  private static String commandOf(List args) {
    return args.size() >= 2 ? "${args[0]} ${args[1]}".toString() : args.join(' ')
  }

  private Map runExa(String exa, List args, String command, def credentialsId, String token, Map extra) {
    String out = shell(exa, '--json ' + args.collect { quote(it) }.join(' '), "exa ${command}", credentialsId, token, extra)
    return [status: statusIn(exa, out), json: script.readJSON(text: answerIn(out), returnPojo: true)]
  }

  /**
   * What the agent's configuration decides ([mode: central|local|unconfigured, config:, console:,
   * tokenCredentialsId:], from `exa agent`), and exa's version, refused when older than this
   * library. Asked once per build, agent and exa; the build's environment remembers the answer,
   * which only spares a start of exa: exa itself follows the file whatever a build remembers.
   */
  private Map agent(String exa) {
    String checked = "${script.env.NODE_NAME ?: 'built-in'}|${exa}|${VERSION}".toString()
    String remembered = script.env.HPC_FLEET_AGENT
    if (remembered != null && remembered.startsWith(checked + '|')) {
      List fields = remembered.substring(checked.length() + 1).tokenize('|')
      return [mode: fields[0], config: fields[1], console: fields[2], tokenCredentialsId: fields[3] == '-' ? null : fields[3]]
    }
    String out = shell(exa, '--json agent', 'exa agent', null, null, [:])
    int status = statusIn(exa, out)
    def answer = script.readJSON(text: answerIn(out), returnPojo: true)
    if (status != 0 || !(answer instanceof Map) || answer.version == null) {
      String said = answer instanceof Map && answer.error instanceof Map ? answer.error.message : answerIn(out)
      if (said.startsWith('this agent has no HPC Fleet configuration')) {
        script.error("${step}: ${said}")
      }
      script.error("${step}: ${exa} did not answer 'exa agent' (${said}): it is older than the hpc-fleet library ${VERSION}, or not the exa CLI of HPC Fleet; install exa ${VERSION} or later (docs/jenkins.md)")
    }
    requireVersion(exa, answer.version.toString())
    Map agent = [mode: answer.mode.toString(), config: answer.config ?: AGENT_FILE, console: answer.console ?: '-',
                 tokenCredentialsId: answer.tokenCredentialsId]
    script.env.HPC_FLEET_AGENT = "${checked}|${agent.mode}|${agent.config}|${agent.console}|${agent.tokenCredentialsId ?: '-'}".toString()
    return agent
  }

  /** Refuses an exa older than this library, naming both versions. */
  private void requireVersion(String exa, String found) {
    if (!(found ==~ /\d+\.\d+\.\d+.*/)) {
      script.error("${step}: ${exa} names its version '${found}', which is not one: is ${exa} the exa CLI of HPC Fleet?")
    }
    List have = found.tokenize('.-').take(3).collect { it.toInteger() }
    List want = VERSION.tokenize('.').collect { it.toInteger() }
    for (int i = 0; i < 3; i++) {
      if (have[i] > want[i]) {
        break
      }
      if (have[i] < want[i]) {
        script.error("${step}: exa ${have.join('.')} on this agent (${exa}) is older than the hpc-fleet library ${VERSION}: install exa ${VERSION} or later (docs/jenkins.md), or pin the library to @Library('hpc-fleet@v${have.join('.')}')")
      }
    }
  }

  /** Runs exa with the words given (already quoted) in an sh step; returns its stdout and marker. */
  private String shell(String exa, String words, String label, def credentialsId, String token, Map extra) {
    // Jenkins runs sh with -xe: -x would echo the command line into the build log, and -e would end
    // the script at exa's non-zero exit, before its status is printed. "missing" tells a missing exa
    // (or a missing java under it) from exa's own failures.
    String text = 'set +xe\n' +
        "if ! command -v ${quote(exa)} >/dev/null 2>&1; then echo '${MARKER}missing-exa'; exit 0; fi\n" +
        "${quote(exa)} ${words}\n" +
        "s=\$?\n" +
        "if [ \$s = 127 ] && ! command -v java >/dev/null 2>&1; then s=missing-java; fi\n" +
        "echo \"${MARKER}\$s\""
    // exa itself refuses to run where no agent configuration says what it may do, whatever the
    // build's environment made this library believe
    List vars = ['EXAMLOPS_AGENT_REQUIRED=true']
    def env = script.env
    if (env.JOB_NAME != null) {
      // the audit trail's surface, jenkins:<job>#<build>, set here whatever the build set: the
      // console records it beside the token's user and name, which the token proves
      String job = "${env.JOB_NAME}#${env.BUILD_NUMBER}".replaceAll('[^A-Za-z0-9._#/@+-]', '-')
      vars << "EXAMLOPS_SURFACE=jenkins:${job.length() > 100 ? job.substring(0, 100) : job}"
      vars << "EXAMLOPS_ACTOR=jenkins:${env.JOB_NAME}#${env.BUILD_NUMBER}"
    }
    for (def name : extra.keySet()) {
      vars << "${name}=${extra[name]}"
    }
    List bindings = []
    if (credentialsId) {
      bindings << script.sshUserPrivateKey(credentialsId: credentialsId,
          keyFileVariable: 'EXAMLOPS_HPC_CREDENTIAL_KEY',
          passphraseVariable: 'EXAMLOPS_HPC_SSH_KEY_PASSPHRASE')
    }
    // Central mode: the console's API token, a "secret text" credential, reaches exa through its
    // environment for the command only (never its command line, never echoed)
    if (token) {
      bindings << script.string(credentialsId: token, variable: 'EXAMLOPS_TOKEN')
    }
    String out
    script.withEnv(vars) {
      if (bindings) {
        script.withCredentials(bindings) {
          out = script.sh(script: text, returnStdout: true, label: label)
        }
      } else {
        out = script.sh(script: text, returnStdout: true, label: label)
      }
    }
    return out
  }

  /** exa's exit status in an sh step's output; fails the step when exa, or java, is missing. */
  private int statusIn(String exa, String out) {
    int at = out.lastIndexOf(MARKER)
    if (at < 0) {
      script.error("${step}: exa did not finish (no exit status); is ${exa} the exa CLI? Set EXAMLOPS_EXA to its path, or put it on the PATH")
    }
    String status = out.substring(at + MARKER.length()).trim()
    if (status == 'missing-exa') {
      script.error("${step}: ${exa} was not found on this agent: install exa (docs/jenkins.md) and put it on the PATH, or set EXAMLOPS_EXA to its path")
    }
    if (status == 'missing-java') {
      script.error("${step}: ${exa} needs java, and there is no java on this agent's PATH: install Java 17 or later, or put its bin directory on the PATH")
    }
    int code = status.toInteger()
    if (answerIn(out).isEmpty()) {
      script.error("${step}: ${exa} ended with exit status ${code} and no answer (its message is above); is ${exa} the exa CLI of HPC Fleet?")
    }
    return code
  }

  private static String answerIn(String out) {
    int at = out.lastIndexOf(MARKER)
    return (at < 0 ? out : out.substring(0, at)).trim()
  }

  /**
   * Fails the step with exa's own error, when exa answered with one, naming the step's parameter for
   * the value exa refused: by the request fields exa names (the core's words), else by the option
   * its message names.
   *
   * @param options [parameter: option] the step passed (see options())
   * @param given [what exa was given: what the pipeline wrote], for values the step made from the
   *     pipeline's (a tag within the build): exa's message then shows the pipeline's value
   */
  void failOnError(Map result, Map options = [:], Map given = [:]) {
    if (!(result.json instanceof Map) || result.json.error == null) {
      return
    }
    Map e = result.json.error
    String message = e.message.toString()
    for (def made : given.keySet()) {
      message = message.replace("'${made}'", "'${given[made]}'")
    }
    List named = []
    for (def field : (e.fields ?: [])) {
      String parameter = parameterOfField()[field.toString()] ?: field.toString()
      if (options.containsKey(parameter) && !named.contains(parameter)) {
        named << parameter
      }
    }
    if (named.isEmpty()) {
      for (def parameter : options.keySet()) {
        if (message.contains("'--${options[parameter]}'") || message.startsWith("--${options[parameter]}:")) {
          named << parameter
        }
      }
    }
    if (!named.isEmpty()) {
      // exa's message starts with its own option names; the step names its parameters instead
      message = message.replaceFirst('^--[a-z-]+(, --[a-z-]+)*: ', '')
    }
    String which = named.isEmpty() ? '' : (named.size() == 1 ? "parameter '${named[0]}': " : "parameters ${named.collect { "'" + it + "'" }.join(', ')}: ")
    script.error("${step}: ${which}${message} (exa exit code ${e.exitCode}, ${e.kind})")
  }

  /** The core's request fields whose step parameter has another name. */
  private static Map parameterOfField() {
    return [environment: 'env', timeoutSeconds: 'waitTimeout']
  }

  /** A path for a file the step writes: relative, inside the workspace; fails the step otherwise. */
  String workspaceFile(String parameter, def value) {
    String file = value.toString()
    if (!file.matches('[A-Za-z0-9._/-]{1,200}') || file.startsWith('/') || file.contains('..')) {
      script.error("${step}: parameter '${parameter}' must be a relative path in the workspace (letters, digits, . _ - /), got '${file}'")
    }
    return file
  }

  /** Text made safe inside HTML, SVG or XML (elements and quoted attributes). */
  static String markup(def value) {
    return String.valueOf(value).replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
        .replace('"', '&quot;').replace("'", '&#39;')
  }

  /** GPU-hours as exa shows them everywhere: two decimals; "unknown" for null. */
  static String hours(def value) {
    return value == null ? 'unknown' : decimals(value, 2)
  }

  /** A share in percent, one decimal: "37.5%"; "unknown" for null. */
  static String percent(def value) {
    return value == null ? 'unknown' : decimals(value, 1) + '%'
  }

  /** A number with this many decimals, whatever the JVM's locale. */
  private static String decimals(def value, int places) {
    long scale = 10L ** places
    long scaled = Math.round(((Number) value).doubleValue() * scale)
    String sign = scaled < 0 ? '-' : ''
    scaled = Math.abs(scaled)
    return sign + (scaled.intdiv(scale)) + '.' + String.valueOf(scaled % scale).padLeft(places, '0')
  }

  /** Rows as an aligned text table, for the build log. */
  static String table(List header, List rows) {
    List widths = header.collect { it.toString().length() }
    for (def row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], String.valueOf(row[i]).length())
      }
    }
    List lines = []
    for (def row : [header] + rows) {
      List cells = []
      for (int i = 0; i < row.size(); i++) {
        cells << (i == row.size() - 1 ? String.valueOf(row[i]) : String.valueOf(row[i]).padRight(widths[i]))
      }
      lines << '  ' + cells.join('  ')
    }
    return lines.join('\n')
  }
}
