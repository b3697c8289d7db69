package io.examlops.fleet.jenkins

/**
 * Names the steps make from the build: the tag that lets a retried stage re-attach to its job, and
 * the scheduler job's name. Both hold only characters exa accepts, whatever the job is called
 * (multibranch jobs are "repo/feature%2Fx"; job names may hold spaces).
 */
class BuildNames implements Serializable {
  /** A job name longer than this, or one changed to fit a tag, ends in its hash: no two collide. */
  private static final int JOB_IN_TAG = 80

  private BuildNames() {}

  /**
   * The tag of a submission: this build (job and number) and, within it, the pipeline's own tag or
   * else the stage (and the job's name, when given). Another build never has the same tag, so it
   * never re-attaches to this build's job; the same stage retried in this build does. Outside a
   * build (no JOB_NAME) the pipeline's tag stands as given.
   */
  static String tag(def env, def within, def name) {
    if (env.JOB_NAME == null) {
      return within == null ? null : within.toString()
    }
    String job = env.JOB_NAME.toString()
    String safe = job.replaceAll('[^A-Za-z0-9._/@+=-]', '-')
    if (safe != job || safe.length() > JOB_IN_TAG) {
      safe = safe.substring(0, Math.min(safe.length(), JOB_IN_TAG - 12)) + '-' + Math.abs((long) job.hashCode())
    }
    if (!(safe ==~ /[A-Za-z0-9].*/)) {
      safe = 'job-' + safe
    }
    String mine = within != null ? within.toString()
        : [env.STAGE_NAME ?: 'pipeline', name].findAll { it != null }
            .collect { it.toString().replaceAll('[^A-Za-z0-9._/@+=-]', '-') }.join(':')
    return "${safe}#${env.BUILD_NUMBER}:${mine}".toString()
  }

  /**
   * A scheduler job name that says which build sent it: job, build number and stage, e.g.
   * "train-42-Train", in the characters and length a job name may have.
   */
  static String jobName(def env) {
    if (env.JOB_NAME == null) {
      return null
    }
    String base = (env.JOB_BASE_NAME ?: env.JOB_NAME.toString().tokenize('/').last()).toString()
    String suffix = "-${env.BUILD_NUMBER}" + (env.STAGE_NAME ? "-${env.STAGE_NAME}" : '')
    suffix = suffix.replaceAll('[^A-Za-z0-9_.-]', '-')
    if (suffix.length() > 40) {
      suffix = suffix.substring(0, 40)
    }
    base = base.replaceAll('[^A-Za-z0-9_.-]', '-')
    base = base.substring(0, Math.min(base.length(), 64 - suffix.length()))
    return base + suffix
  }
}
