// hpcLogs: a job's output so far, into the build log and returned (see hpcLogs.txt).
import io.examlops.fleet.jenkins.ExaCli

def call(Map p) {
  ExaCli exa = new ExaCli(this, 'hpcLogs')
  exa.checkParameters(p, ['job'], ['credentialsId', 'lines'])
  def lines = p.lines != null ? p.lines : 1000
  // the last lines only: the whole output of a long job would be held in the controller's memory
  Map result = exa.run(['hpc', 'logs'] + ExaCli.options([lines: lines], [lines: 'tail']) + ['--', ExaCli.job(p.job)], p.credentialsId)
  exa.failOnError(result, [job: 'job', lines: 'tail'])
  Map read = result.json
  String text = read.text ?: ''
  echo("hpcLogs: job ${read.job.id} (${read.job.cluster} ${read.job.schedulerJobId}), ${read.job.state}: " +
      (read.found ? "${read.output}${read.cut ? ' (its last ' + lines + ' lines)' : ''}\n${text}" : "no output yet at ${read.output}"))
  return text
}
