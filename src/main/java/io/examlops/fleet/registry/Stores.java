package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;

/**
 * Where the fleet's state is: this machine's clusters.yaml and platform.db ({@link LocalStores}),
 * or a central console's (central mode). The services read and write through these ports only, so
 * the approval gate and every rule run in the same code whichever store is in use. Implementations
 * open their stores on first use and may be shared between threads.
 */
public interface Stores {
  /** The clusters with their approval records, pins and latest snapshots. */
  ClusterStore clusters();

  /**
   * The tracked jobs, each change recorded as {@code actor}'s (a central console records who sent
   * it); reads may pass {@link #READER}.
   */
  JobRecords jobs(Actor actor);

  /**
   * This machine's registry, for what only it does: registering, deciding, snapshots, the audit
   * trail, the console's users.
   *
   * @throws io.examlops.fleet.model.FleetException in central mode, where the console does those
   */
  ClusterRegistry registry();

  /**
   * Where decisions made for an admin in another system go: a central console's, which checks the
   * token's on-behalf scope and the admin; empty for this machine's own stores, where nothing
   * vouches for anyone.
   */
  default java.util.Optional<DelegatedDecisions> delegated() {
    return java.util.Optional.empty();
  }

  /** Who reads: reads are not audited, so no one in particular. */
  Actor READER = Actor.cli("reader");
}
