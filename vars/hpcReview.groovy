// hpcReview: shows the Jenkins admins each PENDING cluster of the fleet console, waits for one of
// them on the input step, and records their decision on the console as theirs (see hpcReview.txt).
// It is the library's only step that decides anything, and it can only through a console token
// with the on-behalf scope, which a console admin mints for the governance job alone.

import io.examlops.fleet.jenkins.ExaCli

def call(Map p = [:]) {
  String step = 'hpcReview'
  ExaCli exa = new ExaCli(this, step)
  exa.checkParameters(p, ['submitter', 'tokenCredentialsId'], ['label', 'mailTo'])
  Map listed = console(p, ['hpc', 'review'])
  exa.failOnError(listed)
  List reviews = listed.json.reviews
  if (reviews.isEmpty()) {
    echo("${step}: no cluster is waiting for a decision")
    return []
  }
  echo("${step}: ${reviews.size()} cluster(s) waiting for a decision: ${reviews.collect { it.cluster }.join(', ')}")
  if (p.mailTo) {
    announce(p.mailTo.toString(), reviews)
  }
  List outcomes = []
  for (def review : reviews) {
    outcomes << decide(p, review)
  }
  return outcomes
}

/**
 * Shows one cluster, asks until an admin's answer is one the console takes, and returns
 * [cluster:, decision: 'approved'|'rejected'|'refused'|'deferred', by:, reason:, message:].
 */
private Map decide(Map p, Map review) {
  String step = 'hpcReview'
  echo(describe(review))
  String problem = null
  while (true) {
    Map answer = input(
        id: inputId(review.cluster),
        message: "${problem == null ? '' : problem + '\n\n'}Approve cluster ${review.cluster}?" +
            " Approving pins what the build log shows for it (revision ${review.revision}).",
        ok: 'Proceed',
        submitter: p.submitter.toString(),
        submitterParameter: 'DECIDED_BY',
        parameters: [
            // the first choice is what Proceed without choosing does: nothing
            choice(name: 'DECISION', choices: ['Decide later', 'Reject', 'Approve'],
                description: 'Decide later leaves the cluster waiting for the next build; Approve pins the connection shown in the log; Reject keeps the cluster out of the fleet'),
            string(name: 'REASON', defaultValue: '',
                description: 'Why, when rejecting (required then; one line, kept in the audit trail)')])
    String who = answer.DECIDED_BY.toString()
    if (answer.DECISION.toString() == 'Decide later') {
      echo("${step}: ${review.cluster} left waiting by ${who}; the next build asks again")
      return [cluster: review.cluster, decision: 'deferred', by: who, reason: null, message: null]
    }
    boolean approve = answer.DECISION.toString() == 'Approve'
    List args = approve ? ['hpc', 'approve', review.cluster] : ['hpc', 'reject', review.cluster, "--reason=${answer.REASON ?: ''}".toString()]
    args += ["--for=${who}".toString(), "--expect=${review.revision}".toString()]
    Map result = console(p, args)
    Map e = result.json instanceof Map ? result.json.error : null
    if (e == null) {
      String decision = approve ? 'approved' : 'rejected'
      echo("${step}: ${review.cluster} ${decision} by ${who}" + (approve ? '' : ": ${answer.REASON}"))
      return [cluster: review.cluster, decision: decision, by: who, reason: approve ? null : answer.REASON, message: null]
    }
    if ((e.fields ?: []).contains('reason')) {
      // the admin left out the reason: asked again, saying so
      problem = "${e.message}"
      echo("${step}: ${review.cluster}: ${e.message}; asking again")
      continue
    }
    if (!(e.kind in ['registry', 'not-permitted'])) {
      // the set-up is wrong (the token, the console): no later cluster would fare better
      error("${step}: ${e.message} (exa exit code ${e.exitCode}, ${e.kind})")
    }
    // Stale (the cluster changed while the build waited), or the clicking user is not one of the
    // console's admins: nothing was decided; the cluster is asked again by the next build.
    unstable("${step}: ${review.cluster} was not ${approve ? 'approved' : 'rejected'} for ${who}: ${e.message}")
    return [cluster: review.cluster, decision: 'refused', by: who, reason: null, message: e.message]
  }
}

/**
 * Tells the admins by mail (the Mailer plugin's mail step) that clusters wait, once per build: the
 * job runs one build at a time, and a build waits up to a day, so a cluster left waiting is
 * announced again at most once a day.
 */
private void announce(String to, List reviews) {
  List lines = ["${reviews.size()} cluster(s) of the HPC Fleet wait for an admin's decision:", '']
  for (def r : reviews) {
    lines << "  ${r.cluster}: ${r.pins.scheduler} over ${r.pins.transport}" +
        (r.pins.host != null ? " (${r.pins.user}@${r.pins.host})" : '') +
        ", asked for by ${r.requestedBy ?: '-'} at ${r.requestedAt ?: '-'}"
  }
  lines << ''
  lines << "Decide in Jenkins: ${env.BUILD_URL ? env.BUILD_URL + 'input/' : 'the waiting build of ' + env.JOB_NAME}"
  lines << 'or on the fleet console (Fleet page, Review).'
  mail(to: to, subject: "HPC Fleet: ${reviews.size()} cluster(s) waiting for a decision", body: lines.join('\n'))
}

/** What approving pins, as the build log shows it before anyone is asked. */
private String describe(Map r) {
  Map pins = r.pins
  List lines = ["hpcReview: cluster ${r.cluster} is waiting for a decision (revision ${r.revision})"]
  lines << "  asked for by  ${r.requestedBy ?: '-'} at ${r.requestedAt ?: '-'}"
  lines << "  scheduler     ${pins.scheduler} over ${pins.transport}" + (r.pinnedSettings ? ", ${r.pinnedSettings.join(', ')}" : '')
  if (pins.host != null) {
    lines << "  login         ${pins.user}@${pins.host}:${pins.port}"
    lines << "  key           ${r.key ?: pins.keyFingerprint}"
    lines << "  host key      ${pins.hostKeyFingerprint}"
    (pins.jumps ?: []).each { hop -> lines << "  via           ${hop}" }
  }
  lines << "  partitions    ${r.partitions ? r.partitions.join(', ') : '-'}"
  lines << "  GPUs          ${r.gpus == null ? 'not probed' : r.gpus}" + (r.gpuTypes ? " (${r.gpuTypes.join(', ')})" : '')
  if (r.cautions) {
    for (def c : r.cautions) {
      lines << "  CAUTION       ${c}"
    }
  }
  if (r.changedSinceProbe) {
    lines << "  EDITED since it was probed: ${r.changedSinceProbe.join('; ')}; what was found belongs to the old entry, and approving is refused until it is probed again (Re-probe on its review in the console)"
  }
  return lines.join('\n')
}

/** The input's id: Jenkins wants a capitalised word, the same for the same cluster. */
private String inputId(String cluster) {
  return 'Review' + cluster.replaceAll('[^A-Za-z0-9]', '_')
}

/**
 * The one place this step reaches the console: `exa --json ARGS` on an agent configured for it,
 * with the governance job's token (the "secret text" credential tokenCredentialsId names) bound for
 * the command only; on an agent of the label p.label for that command alone, when given.
 */
private Map console(Map p, List args) {
  Closure ask = {
    new ExaCli(this, 'hpcReview').review(args, p.tokenCredentialsId.toString())
  }
  // with a label, an executor is held only while exa runs, never while input waits for an admin
  return p.label ? node(p.label.toString(), ask) : ask()
}
