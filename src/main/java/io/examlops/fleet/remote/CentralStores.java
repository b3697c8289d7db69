package io.examlops.fleet.remote;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.registry.ClusterStore;
import io.examlops.fleet.registry.JobRecords;
import java.net.URI;

/**
 * Central mode: the registry and the job records of a fleet console, read and written over its REST
 * API, so that many build agents share one governed fleet. The console is the single writer; an
 * agent reads cluster states, pins and snapshots there and records its submissions there, audited
 * as the token's user through the agent's surface.
 */
public final class CentralStores {
  /** The console's URL, read at the CLI's edge. */
  public static final String SERVER_VARIABLE = "EXAMLOPS_SERVER";

  /** The console API token, read at the CLI's edge. */
  public static final String TOKEN_VARIABLE = "EXAMLOPS_TOKEN";

  private final CentralClient client;
  private final RemoteClusterStore clusters;

  public CentralStores(URI server, String token) {
    this.client = new CentralClient(server, token);
    this.clusters = new RemoteClusterStore(client);
  }

  public ClusterStore clusters() {
    return clusters;
  }

  /** The job records, each change recorded on the console as {@code actor}'s surface. */
  public JobRecords jobs(Actor actor) {
    return new RemoteJobRecords(client, actor);
  }
}
