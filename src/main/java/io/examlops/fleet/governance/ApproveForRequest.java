package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterRevision;

/**
 * Approve a cluster for an admin who decided in another system (a Jenkins governance job), through
 * the console that system's token vouches to.
 *
 * @param user the console admin who decided (the Jenkins user who clicked Proceed)
 * @param expected the revision that was shown to them: required, the decision applies only to a
 *     cluster still at it
 */
public record ApproveForRequest(String cluster, String user, ClusterRevision expected) {}
