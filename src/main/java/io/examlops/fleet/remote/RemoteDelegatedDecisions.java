package io.examlops.fleet.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ClusterReview;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.registry.DelegatedDecisions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The console's reviews and its decisions for an admin who decided elsewhere: the token must hold
 * the on-behalf scope, the console checks the admin and the revision and audits the decision as
 * theirs, through the caller's surface, vouched for by the token.
 */
final class RemoteDelegatedDecisions implements DelegatedDecisions {
  private final CentralClient client;

  RemoteDelegatedDecisions(CentralClient client) {
    this.client = client;
  }

  record Reviews(List<ClusterReview> reviews) {}

  record Decided(RegisteredCluster cluster) {}

  @Override
  public List<ClusterReview> reviews() {
    return client.get("/reviews", new TypeReference<Reviews>() {}).reviews();
  }

  @Override
  public RegisteredCluster approve(
      String cluster, String user, ClusterRevision expected, Actor via) {
    return decide(cluster, "approve-for", body(user, null, expected), via);
  }

  @Override
  public RegisteredCluster reject(
      String cluster, String user, String reason, ClusterRevision expected, Actor via) {
    return decide(cluster, "reject-for", body(user, reason, expected), via);
  }

  private RegisteredCluster decide(
      String cluster, String action, Map<String, Object> body, Actor via) {
    ClusterName.require(cluster);
    return client
        .send(
            "POST",
            "/clusters/" + cluster + "/" + action,
            body,
            via,
            new TypeReference<Decided>() {})
        .cluster();
  }

  private static Map<String, Object> body(String user, String reason, ClusterRevision expected) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("user", user);
    if (reason != null) {
      body.put("reason", reason);
    }
    body.put("revision", expected.text());
    return body;
  }
}
