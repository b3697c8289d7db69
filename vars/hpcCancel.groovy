// hpcCancel: cancel a job on its cluster, e.g. one submitted with wait: false, in post { aborted }
// (see hpcCancel.txt).
import io.examlops.fleet.jenkins.ExaCli

def call(Map p) {
  ExaCli exa = new ExaCli(this, 'hpcCancel')
  exa.checkParameters(p, ['job'], ['credentialsId'])
  Map result = exa.run(['hpc', 'cancel', '--', ExaCli.job(p.job)], p.credentialsId)
  exa.failOnError(result, [job: 'job'])
  Map job = result.json.job
  String outcome = result.json.outcome.toString().toLowerCase().replace('_', ' ')
  echo("hpcCancel: job ${job.id} (${job.cluster} ${job.schedulerJobId}): ${outcome}, now ${job.state}")
  return [jobId: job.id, state: job.state, outcome: outcome]
}
