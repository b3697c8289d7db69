// hpcWait: follow a job submitted with hpcSubmit(wait: false) to its end, its output in the build
// log (see hpcWait.txt).
import io.examlops.fleet.jenkins.ExaCli
import io.examlops.fleet.jenkins.JobOutcome

def call(Map p) {
  ExaCli exa = new ExaCli(this, 'hpcWait')
  exa.checkParameters(p, ['job'], ['waitTimeout', 'credentialsId'])
  def waitTimeout = p.waitTimeout != null ? p.waitTimeout : 86400
  Map options = [waitTimeout: 'follow-timeout']
  List args = ['hpc', 'logs', '--follow'] + ExaCli.options([waitTimeout: waitTimeout], options) +
      ['--', ExaCli.job(p.job)]
  Map result = exa.run(args, p.credentialsId)
  exa.failOnError(result, options + [job: 'job'])
  return JobOutcome.report(exa, this, result.json.job, [output: result.json.output], true, waitTimeout, null)
}
