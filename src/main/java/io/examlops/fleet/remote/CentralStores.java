package io.examlops.fleet.remote;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.ClusterStore;
import io.examlops.fleet.registry.DelegatedDecisions;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.registry.Stores;
import io.examlops.fleet.settings.CentralServer;
import io.examlops.fleet.settings.LeaseSettings;
import io.examlops.fleet.settings.Variables;
import java.util.Optional;

/**
 * Central mode: the registry and the job records of a fleet console, read over its REST API, so
 * that many build agents share one governed fleet through one gateway. The console is the single
 * writer and the only one that talks to the clusters: an agent reads cluster states and snapshots
 * there, and asks it to place, submit, follow and cancel ({@link #gateway}), audited as the token's
 * user through the agent's surface. What changes governance is done on the console.
 */
public final class CentralStores implements Stores {
  private final CentralServer server;
  private final CentralClient client;
  private final RemoteClusterStore clusters;

  public CentralStores(CentralServer server) {
    this.server = server;
    this.client = new CentralClient(server.url(), server.token());
    this.clusters = new RemoteClusterStore(client);
  }

  @Override
  public ClusterStore clusters() {
    return clusters;
  }

  @Override
  public JobRecords jobs(Actor actor) {
    return new RemoteJobRecords(client);
  }

  /** Placement and jobs as the console, the fleet's gateway, does them for this agent. */
  public Gateway gateway(LeaseSettings leases) {
    return new Gateway(new GatewayPlacement(client), new GatewayJobs(client, leases));
  }

  /** The console reviews, and records decisions for the admin the caller names. */
  @Override
  public Optional<DelegatedDecisions> delegated() {
    return Optional.of(new RemoteDelegatedDecisions(client));
  }

  /** There is none here: the console registers, approves and rejects, and keeps the audit. */
  @Override
  public ClusterRegistry registry() {
    throw new FleetException(
        ErrorKind.CONFLICT,
        "this exa uses the central fleet at "
            + server
            + " ("
            + Variables.SERVER
            + "), which registers, approves and rejects clusters, takes snapshots, keeps the"
            + " audit trail and the console's users: do this on the console at "
            + server
            + ", or unset "
            + Variables.SERVER
            + " to use this machine's own registry");
  }
}
