package io.examlops.fleet.jenkins

/**
 * How hpcSubmit and hpcWait end: the job's result as a map, a line in the build log and in the
 * build's description, and a failed step for a job that did not complete.
 */
class JobOutcome implements Serializable {
  private JobOutcome() {}

  /**
   * Reports a tracked job (exa's JSON) and returns the step's result; with {@code ended}, a job that
   * did not complete fails the step saying why.
   *
   * @param waited how long the step waited, for the message of a job still running
   * @param time the job's time limit, if the pipeline gave one
   */
  static Map report(ExaCli exa, def script, Map job, Map extra, boolean ended, def waited, def time) {
    Map run = [jobId: job.id, schedulerJobId: job.schedulerJobId, cluster: job.cluster,
               partition: job.partition, name: job.name, state: job.state, exitCode: job.exitCode,
               gpuHours: job.gpuHours] + extra
    String which = "job ${job.id} (${job.cluster} ${job.schedulerJobId})"
    String line = "${which} ${extra.reattached ? 're-attached, ' : ''}${job.state}" +
        (job.exitCode != null ? ", exit code ${job.exitCode}" : '') +
        (job.gpuHours != null ? ", ${ExaCli.hours(job.gpuHours)} GPU-hours" : '')
    script.echo("${exa.step}: ${line}")
    describe(script, job, line)
    if (!ended || job.state == 'completed') {
      return run
    }
    if (job.state == 'failed') {
      script.error("${exa.step}: ${which} failed with exit code ${job.exitCode}" + (job.reason ? " (${job.reason})" : ''))
    }
    if (job.state == 'cancelled') {
      script.error("${exa.step}: ${which} was cancelled on the cluster" + (job.reason ? " (${job.reason})" : ''))
    }
    if (job.state == 'timeout') {
      script.error("${exa.step}: ${which} timed out: it ran past its time limit${time ? ' (' + time + ')' : ''}")
    }
    if (job.state == 'lost') {
      script.error("${exa.step}: ${which} was lost: ${job.reason}")
    }
    script.error("${exa.step}: stopped waiting for ${which} after ${waited} s (waitTimeout); it is ${job.state} and keeps running: hpcWait(job: '${job.id}'), or hpcCancel(job: '${job.id}')")
  }

  /**
   * The build's description holds one line per job (its cluster, id, state and GPU-hours), the
   * line of this job replaced as it changes; Jenkins shows it under the build's number through its
   * markup formatter, so lines end with <br> (Safe HTML folds a bare line break into a space) and
   * each is escaped.
   */
  private static void describe(def script, Map job, String line) {
    String mine = "job ${job.id} (".toString()
    String before = (script.currentBuild.description ?: '').toString().replace('<br>', '\n')
    List lines = before.readLines().findAll { it && !it.startsWith(mine) }
    lines << ExaCli.markup(line)
    script.currentBuild.description = lines.join('<br>\n')
  }
}
