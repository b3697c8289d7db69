// hpcPreflight: fail-fast checks of a cluster before submitting (see hpcPreflight.txt).

def call(Map p) {
  String step = 'hpcPreflight'
  hpcExa.checkParameters(step, p, ['cluster', 'gpus'],
      ['nodes', 'partition', 'account', 'time', 'credentialsId', 'failOn'])
  String failOn = hpcExa.oneOf(step, 'failOn', p.failOn ?: 'fail', ['fail', 'warn', 'never'])
  Map options = [gpus: 'gpus', nodes: 'nodes', partition: 'partition', account: 'account', time: 'time']
  // the cluster after `--`: a positional value never reads as an option
  List args = ['hpc', 'preflight'] + hpcExa.options(p, options) + ['--', p.cluster.toString().trim()]
  Map result = hpcExa.run(step: step, args: args, credentialsId: p.credentialsId)
  hpcExa.failOnError(step, result, options + [cluster: 'cluster'])
  Map report = result.json
  List rows = []
  Map checks = [:]
  List failed = []
  List warned = []
  for (def c : report.checks) {
    String name = c.name.toString().toLowerCase()
    String status = c.status.toString().toLowerCase()
    rows << [name, status, c.reason]
    checks[name] = [status: status, reason: c.reason]
    if (status == 'fail') {
      failed << "${name}: ${c.reason}"
    } else if (status == 'warn') {
      warned << "${name}: ${c.reason}"
    }
  }
  echo("hpcPreflight ${report.cluster}: ${report.result}\n" + hpcExa.table(['CHECK', 'RESULT', 'REASON'], rows))
  if (!failed.isEmpty() && failOn != 'never') {
    error("${step}: cluster ${report.cluster} failed ${failed.size()} check(s): ${failed.join('; ')}")
  }
  if (!warned.isEmpty() && failOn == 'warn') {
    unstable("${step}: cluster ${report.cluster} warns: ${warned.join('; ')}")
  }
  return [cluster: report.cluster, result: report.result, passed: failed.isEmpty(), checks: checks]
}
