// hpcSubmit: submit a batch job to an approved cluster, stream its output, end with its state
// (see hpcSubmit.txt).

def call(Map p) {
  String step = 'hpcSubmit'
  hpcExa.checkParameters(step, p, ['cluster', 'script'],
      ['gpus', 'nodes', 'partition', 'time', 'account', 'name', 'model', 'dataset', 'env',
       'credentialsId', 'wait', 'waitTimeout', 'leaveRunning', 'tag'])
  boolean wait = p.wait == null ? true : hpcExa.oneOf(step, 'wait', p.wait, ['true', 'false']) == 'true'
  def waitTimeout = p.waitTimeout != null ? p.waitTimeout : 86400
  boolean leaveRunning = p.leaveRunning != null &&
      hpcExa.oneOf(step, 'leaveRunning', p.leaveRunning, ['true', 'false']) == 'true'
  if ((p.model == null) != (p.dataset == null)) {
    error("${step}: parameters 'model' and 'dataset' go together (a training run); got only ${p.model == null ? 'dataset' : 'model'}")
  }
  if (p.model != null && p.name != null) {
    error("${step}: parameter 'name' does not go with 'model': a training run is named train-<model>")
  }
  Map jobEnv = p.env ?: [:]
  if (!(jobEnv instanceof Map)) {
    error("${step}: parameter 'env' must be a map of variable names to values, e.g. env: [EPOCHS: '3']")
  }
  String scriptPath = scriptFile(step, p.script.toString())
  Map options = [cluster: 'cluster', gpus: 'gpus', nodes: 'nodes', partition: 'partition',
                 time: 'time', account: 'account', name: 'name', tag: 'tag']
  Map given = p + [gpus: p.gpus != null ? p.gpus : 1]
  List args = p.model != null
      ? ['pipeline', 'run'] + hpcExa.options(p, [model: 'model', dataset: 'dataset']) + ["--script=${scriptPath}".toString()]
      : ['hpc', 'submit']
  args += hpcExa.options(given, options)
  for (def name : jobEnv.keySet()) {
    args << "--env=${name}".toString()
  }
  if (wait) {
    args += ['--wait', '--log'] + hpcExa.options([waitTimeout: waitTimeout], [waitTimeout: 'wait-timeout'])
    if (leaveRunning) {
      args += ['--leave-running']
    }
  }
  if (p.model == null) {
    args += ['--', scriptPath]
  }
  Map result = hpcExa.run(step: step, args: args, credentialsId: p.credentialsId, env: jobEnv)
  hpcExa.failOnError(step, result, options + [model: 'model', dataset: 'dataset', env: 'env', waitTimeout: 'wait-timeout', script: 'script'])
  Map job = result.json.job
  Map run = [jobId: job.id, schedulerJobId: job.schedulerJobId, cluster: job.cluster,
             partition: job.partition, state: job.state, exitCode: job.exitCode,
             gpuHours: job.gpuHours, output: result.json.output,
             reattached: result.json.reattached]
  String which = "job ${job.id} (${job.cluster} ${job.schedulerJobId})"
  echo("${step}: ${which} ${result.json.reattached ? 're-attached, ' : ''}${job.state}" +
      (job.exitCode != null ? ", exit code ${job.exitCode}" : '') +
      (job.gpuHours != null ? ", ${job.gpuHours} GPU-hours" : ''))
  if (!wait || job.state == 'completed') {
    return run
  }
  if (job.state == 'failed') {
    error("${step}: ${which} failed with exit code ${job.exitCode}" + (job.reason ? " (${job.reason})" : ''))
  }
  if (job.state == 'cancelled') {
    error("${step}: ${which} was cancelled on the cluster" + (job.reason ? " (${job.reason})" : ''))
  }
  if (job.state == 'timeout') {
    error("${step}: ${which} timed out: it ran past its time limit${p.time ? ' (' + p.time + ')' : ''}")
  }
  if (job.state == 'lost') {
    error("${step}: ${which} was lost: ${job.reason}")
  }
  error("${step}: stopped waiting for ${which} after ${waitTimeout} s (waitTimeout); it is ${job.state} and keeps running: exa hpc logs ${job.id} --follow, or exa hpc cancel ${job.id}")
}

/** The script to submit: a path in the workspace, or text (starting with #!) written to one. */
private String scriptFile(String step, String script) {
  if (script.startsWith('#!')) {
    String path = ".hpc-fleet/job-${UUID.randomUUID()}.sh"
    writeFile(file: path, text: script)
    return path
  }
  if (script.contains('\n') || !fileExists(script)) {
    error("${step}: parameter 'script' is neither a file in the workspace nor a script text starting with #! (got '${script.split('\n')[0]}')")
  }
  return script
}
