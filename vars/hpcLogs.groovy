// hpcLogs: a job's output so far, into the build log and returned (see hpcLogs.txt).
import io.examlops.fleet.jenkins.ExaCli

def call(Map p) {
  ExaCli exa = new ExaCli(this, 'hpcLogs')
  exa.checkParameters(p, ['job'], ['credentialsId'])
  Map result = exa.run(['hpc', 'logs', '--', ExaCli.job(p.job)], p.credentialsId)
  exa.failOnError(result, [job: 'job'])
  Map read = result.json
  String text = read.text ?: ''
  echo("hpcLogs: job ${read.job.id} (${read.job.cluster} ${read.job.schedulerJobId}), ${read.job.state}: " +
      (read.found ? "${read.output}\n${text}" : "no output yet at ${read.output}"))
  return text
}
