// hpcPreflight: fail-fast checks of a cluster before submitting (see hpcPreflight.txt).
import io.examlops.fleet.jenkins.ExaCli

def call(Map p) {
  ExaCli exa = new ExaCli(this, 'hpcPreflight')
  exa.checkParameters(p, ['cluster', 'gpus'],
      ['nodes', 'partition', 'account', 'time', 'credentialsId', 'failOn', 'junit'])
  String failOn = exa.oneOf('failOn', p.failOn ?: 'fail', ['fail', 'warn', 'never'])
  String junitFile = p.junit == null ? null : exa.workspaceFile('junit', p.junit)
  Map options = [gpus: 'gpus', nodes: 'nodes', partition: 'partition', account: 'account', time: 'time']
  // the cluster after `--`: a positional value never reads as an option
  List args = ['hpc', 'preflight'] + ExaCli.options(p, options) + ['--', p.cluster.toString().trim()]
  Map result = exa.run(args, p.credentialsId)
  exa.failOnError(result, options + [cluster: 'cluster'])
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
  echo("hpcPreflight ${report.cluster}: ${report.result}\n" + ExaCli.table(['CHECK', 'RESULT', 'REASON'], rows))
  if (junitFile != null) {
    writeFile(file: junitFile, text: junitXml(report.cluster.toString(), checks))
    echo("hpcPreflight: checks written to ${junitFile} (record them with junit '${junitFile}')")
  }
  if (!failed.isEmpty() && failOn != 'never') {
    error("hpcPreflight: cluster ${report.cluster} failed ${failed.size()} check(s): ${failed.join('; ')}")
  }
  if (!warned.isEmpty() && failOn == 'warn') {
    unstable("hpcPreflight: cluster ${report.cluster} warns: ${warned.join('; ')}")
  }
  return [cluster: report.cluster, result: report.result, passed: failed.isEmpty(), checks: checks]
}

/**
 * The checks as a JUnit report, one test case per check: a failed check is a failure, a warning
 * passes with its reason in system-out, so the junit step shows them under the build's test results.
 */
private String junitXml(String cluster, Map checks) {
  int failures = checks.values().count { it.status == 'fail' }
  List cases = []
  for (def name : checks.keySet()) {
    Map c = checks[name]
    String body = c.status == 'fail'
        ? "<failure message=\"${ExaCli.markup(c.reason)}\">${ExaCli.markup(c.reason)}</failure>"
        : "<system-out>${ExaCli.markup(c.status + ': ' + c.reason)}</system-out>"
    cases << "  <testcase classname=\"hpcPreflight.${ExaCli.markup(cluster)}\" name=\"${ExaCli.markup(name)}\">${body}</testcase>"
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" +
      "<testsuite name=\"hpcPreflight ${ExaCli.markup(cluster)}\" tests=\"${checks.size()}\" failures=\"${failures}\" errors=\"0\">\n" +
      cases.join('\n') + "\n</testsuite>\n"
}
