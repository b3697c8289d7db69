package io.examlops.fleet.placement;

import io.examlops.fleet.scheduler.AccountCheck;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeRegistry;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerAdapter.PolicyCheck;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.StartEstimate;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.TransportException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Fail-fast checks before a submission ({@code exa hpc preflight}), in {@link CheckName} order, all
 * read-only. A closed gate sends no command at all (the host may no longer be the approved one); an
 * unreachable host or a silent scheduler stops the checks that need them, which are then reported
 * as skipped with the reason. See {@code docs/scheduling.md}.
 */
public final class Preflight {
  private final ProbeRegistry probes;
  private final SchedulerAdapters adapters;

  /**
   * @param probes what reads each scheduler (tests give stand-ins)
   * @param adapters the schedulers' own checks (queue policy, accounts)
   */
  public Preflight(ProbeRegistry probes, SchedulerAdapters adapters) {
    this.probes = Objects.requireNonNull(probes, "probes");
    this.adapters = Objects.requireNonNull(adapters, "adapters");
  }

  public PreflightReport run(PreflightTarget target, PreflightAsk request, CommandRunner runner) {
    Optional<PolicyCheck> policy =
        adapters.find(target.scheduler()).flatMap(SchedulerAdapter::policyCheck);
    Checks checks = new Checks(policy.isPresent());
    if (!target.gate().open()) {
      checks.add(Check.fail(CheckName.APPROVAL, "not schedulable: " + target.gate().whyClosed()));
      return checks.skipRest(target, "the cluster is not approved for work; no command was sent");
    }
    checks.add(Check.pass(CheckName.APPROVAL, "ACTIVE, approval holds"));
    String user;
    try {
      if (runner.api().isPresent()) {
        // an API runs no `id`: whom requests act as is the cluster's pinned user
        user = runner.api().get().target().user();
        checks.add(
            Check.pass(CheckName.HOST, runner.target() + " is its REST API, acting as " + user));
      } else {
        CommandResult who = runner.run(PreflightCommands.WHOAMI);
        user = who.ok() ? who.stdout().strip() : null;
        checks.add(
            who.ok()
                ? Check.pass(CheckName.HOST, runner.target() + " answers as " + user)
                : Check.warn(
                    CheckName.HOST,
                    runner.target()
                        + " answers, but `"
                        + PreflightCommands.WHOAMI
                        + "` exited "
                        + who.exitCode()));
      }
    } catch (TransportException e) {
      checks.add(Check.fail(CheckName.HOST, e.getMessage()));
      return checks.skipRest(target, "the host is unreachable");
    }
    Survey survey;
    try {
      Optional<Survey> answered = scheduler(target, runner, checks);
      if (answered.isEmpty()) {
        return checks.skipRest(target, "the scheduler did not answer");
      }
      survey = answered.get();
    } catch (TransportException e) {
      checks.add(Check.fail(CheckName.SCHEDULER, e.getMessage()));
      return checks.skipRest(target, "the host stopped answering");
    }
    CapacityChecks capacity = CapacityChecks.of(target, request, survey);
    checks.add(capacity.partitionCheck());
    if (capacity.partitionMissing()) {
      checks.skip(CheckName.GPUS, "the partition does not exist");
      checks.skip(CheckName.IDLE, "the partition does not exist");
    } else {
      Check gpus = capacity.gpusCheck();
      checks.add(gpus);
      // A job that can never fit must not also read as one that only waits.
      if (gpus.status() == Check.Status.FAIL) {
        checks.skip(CheckName.IDLE, "not enough GPUs in total (see gpus): the job can never start");
      } else {
        checks.add(idle(target, request, capacity, runner));
      }
    }
    if (policy.isPresent()) {
      if (capacity.partitionMissing()) {
        checks.skip(CheckName.POLICY, "the queue does not exist");
      } else {
        try {
          checks.add(policy.get().run(runner, request, capacity.partition().orElse(null)));
        } catch (TransportException e) {
          checks.add(Check.fail(CheckName.POLICY, e.getMessage()));
        }
      }
    }
    try {
      checks.add(
          AccountCheck.run(
              runner,
              adapters.of(target.scheduler()),
              survey.caps().accounting(),
              user,
              request.account(),
              capacity.partition().orElse(null)));
    } catch (TransportException e) {
      checks.add(Check.fail(CheckName.ACCOUNT, e.getMessage()));
    }
    return checks.report(target);
  }

  /** The idle check, with the scheduler's own start estimate where it gives one. */
  private Check idle(
      PreflightTarget target, PreflightAsk request, CapacityChecks capacity, CommandRunner runner) {
    Optional<SchedulerAdapter.StartEstimator> estimator =
        adapters.find(target.scheduler()).flatMap(SchedulerAdapter::startEstimator);
    if (estimator.isEmpty()) {
      return capacity.idleCheck();
    }
    StartEstimate estimate;
    try {
      estimate = estimator.get().estimate(runner, request, capacity.partition().orElse(null));
    } catch (TransportException e) {
      estimate = StartEstimate.unavailable(e.getMessage(), "its start estimate");
    }
    return capacity.idleCheck(estimate, target.scheduler().label());
  }

  /** Adds the scheduler check; the survey when the declared scheduler answered. */
  private Optional<Survey> scheduler(PreflightTarget target, CommandRunner runner, Checks checks) {
    String declared = target.scheduler().label();
    Optional<SchedulerProbe> probe = probes.probe(target.scheduler());
    if (probe.isEmpty()) {
      checks.add(Check.fail(CheckName.SCHEDULER, "no probe reads " + declared + " clusters"));
      return Optional.empty();
    }
    if (!probe.get().available(runner)) {
      checks.add(Check.fail(CheckName.SCHEDULER, whyNotAnswering(probe.get(), runner)));
      return Optional.empty();
    }
    try {
      Survey survey = probe.get().survey(runner);
      checks.add(
          Check.pass(
              CheckName.SCHEDULER,
              declared
                  + " "
                  + survey.caps().version()
                  + " answers, "
                  + survey.nodes().size()
                  + (survey.nodes().size() == 1 ? " node listed" : " nodes listed")));
      return Optional.of(survey);
    } catch (ProbeException e) {
      checks.add(
          Check.fail(
              CheckName.SCHEDULER, declared + " answers but cannot list nodes: " + e.getMessage()));
      return Optional.empty();
    }
  }

  private String whyNotAnswering(SchedulerProbe declared, CommandRunner runner) {
    String label = declared.kind().label();
    for (SchedulerProbe other : probes.probes()) {
      if (other.kind() != declared.kind() && other.available(runner)) {
        return "registered as "
            + label
            + ", but "
            + other.kind().label()
            + " answers on "
            + runner.target()
            + ": re-probe the cluster";
      }
    }
    return label + " does not answer on " + runner.target() + declared.notAnsweringDetail(runner);
  }

  /** The checks so far; the rest are reported as skipped once one of them stops the run. */
  private static final class Checks {
    private final List<Check> done = new ArrayList<>();
    private final boolean policyApplies;

    Checks(boolean policyApplies) {
      this.policyApplies = policyApplies;
    }

    void add(Check check) {
      done.add(check);
    }

    void skip(CheckName name, String why) {
      done.add(new Check(name, Check.Status.SKIPPED, "skipped: " + why));
    }

    PreflightReport skipRest(PreflightTarget target, String why) {
      for (CheckName name : CheckName.values()) {
        boolean applies = name != CheckName.POLICY || policyApplies;
        if (applies && done.stream().noneMatch(c -> c.name() == name)) {
          skip(name, why);
        }
      }
      return report(target);
    }

    PreflightReport report(PreflightTarget target) {
      return new PreflightReport(target.cluster(), done);
    }
  }
}
