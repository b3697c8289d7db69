// hpcSubmit: submit a batch job to an approved cluster, stream its output, end with its state
// (see hpcSubmit.txt).
import io.examlops.fleet.jenkins.BuildNames
import io.examlops.fleet.jenkins.ExaCli
import io.examlops.fleet.jenkins.JobOutcome

def call(Map p) {
  ExaCli exa = new ExaCli(this, 'hpcSubmit')
  exa.checkParameters(p, ['cluster', 'script'],
      ['gpus', 'nodes', 'partition', 'time', 'account', 'name', 'model', 'dataset', 'env',
       'credentialsId', 'wait', 'waitTimeout', 'leaveRunning', 'tag', 'output'])
  boolean wait = exa.flag('wait', p.wait, true)
  def waitTimeout = p.waitTimeout != null ? p.waitTimeout : 86400
  boolean leaveRunning = exa.flag('leaveRunning', p.leaveRunning, false)
  if ((p.model == null) != (p.dataset == null)) {
    error("hpcSubmit: parameters 'model' and 'dataset' go together (a training run); got only ${p.model == null ? 'dataset' : 'model'}")
  }
  if (p.model != null && p.name != null) {
    error("hpcSubmit: parameter 'name' does not go with 'model': a training run is named train-<model>")
  }
  Map jobEnv = p.env ?: [:]
  if (!(jobEnv instanceof Map)) {
    error("hpcSubmit: parameter 'env' must be a map of variable names to values, e.g. env: [EPOCHS: '3']")
  }
  // a script given as text is written to a directory of its own, removed when the step ends
  String scratch = p.script.toString().startsWith('#!') ? ".hpc-fleet/${UUID.randomUUID()}".toString() : null
  String scriptPath = scriptFile(p.script.toString(), scratch)
  Map options = [cluster: 'cluster', gpus: 'gpus', nodes: 'nodes', partition: 'partition',
                 time: 'time', account: 'account', name: 'name', tag: 'tag', output: 'output']
  // this build's tag (another build's never matches) and a job name that says which build sent it
  String tag = BuildNames.tag(env, p.tag, p.model ?: p.name)
  String name = p.name ?: (p.model == null ? BuildNames.jobName(env) : null)
  Map given = p + [gpus: p.gpus != null ? p.gpus : 1, tag: tag, name: name]
  List args = p.model != null
      ? ['pipeline', 'run'] + ExaCli.options(p, [model: 'model', dataset: 'dataset']) + ["--script=${scriptPath}".toString()]
      : ['hpc', 'submit']
  args += ExaCli.options(given, options)
  for (def variable : jobEnv.keySet()) {
    args << "--env=${variable}".toString()
  }
  if (wait) {
    args += ['--wait', '--log'] + ExaCli.options([waitTimeout: waitTimeout], [waitTimeout: 'wait-timeout'])
    if (leaveRunning) {
      args += ['--leave-running']
    }
  }
  if (p.model == null) {
    args += ['--', scriptPath]
  }
  Map result
  try {
    result = exa.run(args, p.credentialsId, jobEnv)
  } finally {
    if (scratch) {
      dir(scratch) {
        deleteDir()
      }
    }
  }
  exa.failOnError(result,
      options + [model: 'model', dataset: 'dataset', env: 'env', waitTimeout: 'wait-timeout', script: 'script'],
      tag != null && p.tag != null ? [(tag): p.tag] : [:])
  return JobOutcome.report(exa, this, result.json.job,
      [tag: tag, output: result.json.output, reattached: result.json.reattached], wait, waitTimeout, p.time)
}

/** The script to submit: a path in the workspace, or text (starting with #!) written to one. */
private String scriptFile(String script, String scratch) {
  if (scratch) {
    String path = "${scratch}/job.sh".toString()
    writeFile(file: path, text: script)
    return path
  }
  if (script.contains('\n') || !fileExists(script)) {
    error("hpcSubmit: parameter 'script' is neither a file in the workspace nor a script text starting with #! (got '${script.split('\n')[0]}')")
  }
  return script
}
