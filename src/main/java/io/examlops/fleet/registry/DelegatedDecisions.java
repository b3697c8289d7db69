package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterReview;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.RegisteredCluster;
import java.util.List;

/**
 * Decisions made by an admin in another system (a Jenkins governance job) and recorded by a console
 * that the other system's token vouches to: the console reviews and decides, the caller names who
 * decided. Only a central console's stores have it ({@link Stores#delegated()}).
 */
public interface DelegatedDecisions {
  /** The PENDING clusters as the console reviews them: what approving each would pin. */
  List<ClusterReview> reviews();

  /**
   * Approves for {@code user}, only while the cluster is at {@code expected}.
   *
   * @param via the caller, whose surface names the system and its run (jenkins:job#12)
   */
  RegisteredCluster approve(String cluster, String user, ClusterRevision expected, Actor via);

  /** Rejects for {@code user} with the reason, only while the cluster is at {@code expected}. */
  RegisteredCluster reject(
      String cluster, String user, String reason, ClusterRevision expected, Actor via);
}
