// hpcPlace: which ACTIVE cluster (and partition) should take a job, and why (see hpcPlace.txt).
import io.examlops.fleet.jenkins.ExaCli

def call(Map p) {
  ExaCli exa = new ExaCli(this, 'hpcPlace')
  exa.checkParameters(p, ['gpus'], ['nodes', 'gpuType', 'partition', 'refresh', 'credentialsId'])
  Map options = [gpus: 'gpus', nodes: 'nodes', gpuType: 'gpu-type', partition: 'partition']
  List args = ['hpc', 'place'] + ExaCli.options(p, options)
  if (exa.flag('refresh', p.refresh, false)) {
    args += ['--refresh']
  }
  Map result = exa.run(args, p.credentialsId)
  exa.failOnError(result, options)
  Map placed = result.json
  echo("hpcPlace: ${placed.explanation}")
  List candidates = []
  for (def c : placed.candidates) {
    candidates << [cluster: c.cluster, outcome: c.outcome, partition: c.partition, reason: c.reason]
  }
  if (placed.chosen == null) {
    error("hpcPlace: no cluster can take ${p.gpus} GPU(s): ${placed.explanation}" +
        candidates.collect { "; ${it.cluster}: ${it.reason}" }.join(''))
  }
  return [cluster: placed.chosen, partition: placed.partition, explanation: placed.explanation,
          candidates: candidates]
}
