// hpcPlace: which ACTIVE cluster (and partition) should take a job, and why (see hpcPlace.txt).

def call(Map p) {
  String step = 'hpcPlace'
  hpcExa.checkParameters(step, p, ['gpus'], ['nodes', 'gpuType', 'partition', 'refresh', 'credentialsId'])
  Map options = [gpus: 'gpus', nodes: 'nodes', gpuType: 'gpu-type', partition: 'partition']
  List args = ['hpc', 'place'] + hpcExa.options(p, options)
  if (p.refresh != null && hpcExa.oneOf(step, 'refresh', p.refresh, ['true', 'false']) == 'true') {
    args += ['--refresh']
  }
  Map result = hpcExa.run(step: step, args: args, credentialsId: p.credentialsId)
  hpcExa.failOnError(step, result, options)
  Map placed = result.json
  echo("hpcPlace: ${placed.explanation}")
  List candidates = []
  for (def c : placed.candidates) {
    candidates << [cluster: c.cluster, outcome: c.outcome, partition: c.partition, reason: c.reason]
  }
  if (placed.chosen == null) {
    error("${step}: no cluster can take ${p.gpus} GPU(s): ${placed.explanation}" +
        candidates.collect { "; ${it.cluster}: ${it.reason}" }.join(''))
  }
  return [cluster: placed.chosen, partition: placed.partition, explanation: placed.explanation,
          candidates: candidates]
}
