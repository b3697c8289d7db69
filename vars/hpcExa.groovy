// The part of the hpc* steps that runs the exa CLI (not a step of its own). Everything here uses
// only standard Pipeline steps (sh, withEnv, withCredentials, readJSON, error) and methods the
// Groovy sandbox allows, so the library also works as an untrusted, folder-level library.

/**
 * Checks a step's named parameters before anything runs: an unknown or missing one fails the step
 * with error(), naming the step, the parameter and what is allowed.
 */
def checkParameters(String step, Map given, List required, List optional) {
  if (given == null) {
    error("${step}: takes named parameters, e.g. ${step}(${required.collect { it + ': ...' }.join(', ')})")
  }
  List allowed = required + optional
  for (def key : given.keySet()) {
    if (!allowed.contains(key.toString())) {
      error("${step}: unknown parameter '${key}'; allowed: ${allowed.join(', ')}")
    }
  }
  for (def name : required) {
    if (given[name] == null || given[name].toString().trim().isEmpty()) {
      error("${step}: missing parameter '${name}' (required: ${required.join(', ')}; optional: ${optional.join(', ')})")
    }
  }
}

/** A parameter that must be one of a few words: a choice of the step's own, not a rule of exa's. */
def oneOf(String step, String name, def value, List allowed) {
  if (!allowed.contains(value.toString())) {
    error("${step}: parameter '${name}' must be one of ${allowed.collect { "'" + it + "'" }.join(', ')}, got '${value}'")
  }
  return value.toString()
}

/**
 * The given parameters as exa's options, one `--option=value` word each, so that a value never
 * reads as an option of its own. Nothing is checked here: exa checks every value by the core's
 * rules, before anything runs, and failOnError names the parameter it refused.
 *
 * @param options [parameter: option], in the order they go on the command line
 */
def options(Map p, Map options) {
  List args = []
  for (def name : options.keySet()) {
    if (p[name] != null) {
      args << "--${options[name]}=${p[name].toString().trim()}".toString()
    }
  }
  return args
}

/** One shell word: the value in single quotes, as POSIX sh reads it. */
def quote(def value) {
  return "'" + value.toString().replace("'", "'\"'\"'") + "'"
}

/**
 * Runs `exa --json ARGS` and returns [status: exit code, json: the parsed result]. exa is found at
 * EXAMLOPS_EXA, else on the PATH. Its stderr (progress, the job's output with --log) goes to the
 * build log as it comes; its stdout is the JSON result. With credentialsId, the "SSH Username with
 * private key" credential is bound for the command only: the key file's path, the user and the
 * passphrase reach exa through its environment, never its command line, and nothing is echoed.
 *
 * With EXAMLOPS_SERVER set on the agent (central mode), the console API token of the "secret text"
 * credential EXAMLOPS_TOKEN_CREDENTIALS_ID names is bound the same way, as EXAMLOPS_TOKEN.
 *
 * @param a [step:, args: [...], credentialsId: (optional), env: [NAME: value] (optional)]
 */
def run(Map a) {
  String exa = env.EXAMLOPS_EXA ?: 'exa'
  String marker = 'exa-exit-status:'
  // Jenkins runs sh with -xe: -x would echo the command line into the build log, and -e would end
  // the script at exa's non-zero exit, before its status is printed.
  String script = 'set +xe\n' + quote(exa) + ' --json ' + a.args.collect { quote(it) }.join(' ') +
      '\necho "' + marker + '$?"'
  List vars = []
  if (env.EXAMLOPS_ACTOR == null && env.JOB_NAME != null) {
    vars << "EXAMLOPS_ACTOR=jenkins:${env.JOB_NAME}#${env.BUILD_NUMBER}"
  }
  if (env.EXAMLOPS_SURFACE == null && env.JOB_NAME != null) {
    // the audit trail's surface: jenkins:<job>#<build>, in the characters a surface may hold
    String job = "${env.JOB_NAME}#${env.BUILD_NUMBER}".replaceAll('[^A-Za-z0-9._#/@+-]', '-')
    vars << "EXAMLOPS_SURFACE=jenkins:${job.length() > 100 ? job.substring(0, 100) : job}"
  }
  Map extra = a.env ?: [:]
  for (def name : extra.keySet()) {
    vars << "${name}=${extra[name]}"
  }
  List bindings = []
  if (a.credentialsId) {
    bindings << sshUserPrivateKey(credentialsId: a.credentialsId,
        keyFileVariable: 'EXAMLOPS_HPC_CREDENTIAL_KEY',
        usernameVariable: 'EXAMLOPS_HPC_CREDENTIAL_USER',
        passphraseVariable: 'EXAMLOPS_HPC_SSH_KEY_PASSPHRASE')
  }
  // Central mode: the console's API token, a "secret text" credential, reaches exa through its
  // environment for the command only (never its command line, never echoed)
  if (env.EXAMLOPS_SERVER && env.EXAMLOPS_TOKEN_CREDENTIALS_ID) {
    bindings << string(credentialsId: env.EXAMLOPS_TOKEN_CREDENTIALS_ID, variable: 'EXAMLOPS_TOKEN')
  }
  String out
  withEnv(vars) {
    if (bindings) {
      withCredentials(bindings) {
        out = sh(script: script, returnStdout: true, label: "exa ${a.args[0]} ${a.args[1]}")
      }
    } else {
      out = sh(script: script, returnStdout: true, label: "exa ${a.args[0]} ${a.args[1]}")
    }
  }
  int at = out.lastIndexOf(marker)
  if (at < 0) {
    error("${a.step}: exa did not finish (no exit status); is ${exa} the exa CLI? Set EXAMLOPS_EXA to its path, or put it on the PATH")
  }
  int status = Integer.parseInt(out.substring(at + marker.length()).trim())
  String text = out.substring(0, at).trim()
  if (status == 127 || text.isEmpty()) {
    error("${a.step}: ${exa} could not be run (exit status ${status}); install exa on this agent (docs/jenkins.md) and put it on the PATH, or set EXAMLOPS_EXA to its path")
  }
  return [status: status, json: readJSON(text: text, returnPojo: true)]
}

/**
 * Fails the step with exa's own error, when exa answered with one, naming the step's parameter for
 * the value exa refused: by the request fields exa names (the core's words), else by the option
 * its message names.
 *
 * @param options [parameter: option] the step passed (see options())
 */
def failOnError(String step, Map result, Map options = [:]) {
  if (!(result.json instanceof Map) || result.json.error == null) {
    return
  }
  Map e = result.json.error
  String message = e.message.toString()
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
  error("${step}: ${which}${message} (exa exit code ${e.exitCode}, ${e.kind})")
}

/** The core's request fields whose step parameter has another name. */
private Map parameterOfField() {
  return [environment: 'env', timeoutSeconds: 'waitTimeout']
}

/** Rows as an aligned text table, for the build log. */
def table(List header, List rows) {
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
