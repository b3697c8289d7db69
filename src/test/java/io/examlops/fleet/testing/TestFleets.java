package io.examlops.fleet.testing;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Variables;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/** Settings and services as a surface builds them from an environment, for tests. */
public final class TestFleets {
  private TestFleets() {}

  /** The settings {@code env} gives, with this JVM's user and home as the surface's edge reads. */
  public static FleetSettings settings(Map<String, String> env) {
    return FleetSettings.fromEnvironment(
        env, System.getProperty("user.name"), Path.of(System.getProperty("user.home")));
  }

  /** The services over the stores {@code env} names. */
  public static Fleet fleet(Map<String, String> env) {
    return Fleet.of(settings(env), Clock.systemUTC());
  }

  /**
   * The services over a clusters.yaml and a data directory (platform.db) of their own in {@code
   * dir}, with {@code more} of the environment besides.
   */
  public static Fleet in(Path dir, Map<String, String> more) {
    Map<String, String> env = new HashMap<>(more);
    env.put(Variables.REGISTRY, dir.resolve("clusters.yaml").toString());
    env.put(Variables.DATA_DIR, dir.resolve("data").toString());
    return fleet(env);
  }

  /** This machine registered as a mock cluster by that name, left PENDING. */
  public static void connectMock(Fleet fleet, Actor actor, String name) {
    fleet
        .governance()
        .connect(actor, new ConnectRequest(name, HostTarget.of(HostTarget.LOCAL), "mock"));
  }

  /** This machine registered as a mock cluster by that name, and approved: ACTIVE. */
  public static void activeMock(Fleet fleet, Actor actor, String name) {
    connectMock(fleet, actor, name);
    fleet.governance().approve(actor, new ApproveRequest(name));
  }

  /** A job that runs until it is cancelled (five minutes at most), on one node of a cluster. */
  public static TrackedJob waitingJob(Fleet fleet, Actor actor, String cluster, int gpus) {
    return fleet
        .jobs()
        .submit(
            actor,
            new SubmitRequest(
                ScriptSource.text("wait.sh", "#!/bin/sh\nsleep 300\n"),
                "wait",
                JobOptions.on(cluster, gpus)))
        .job();
  }
}
