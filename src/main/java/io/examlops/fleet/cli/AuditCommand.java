package io.examlops.fleet.cli;

import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.AuditResult;
import io.examlops.fleet.model.HistoryLimit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc audit}: who did what to which cluster, and when. */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    description =
        "Show the audit trail (register, probe, approve, reject, snapshot, ...), oldest first"
            + " or the newest first: the latest "
            + HistoryLimit.DEFAULT
            + " events unless --limit or --all.")
final class AuditCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Option(names = "--cluster", paramLabel = "NAME", description = "Only this cluster's events.")
  String cluster;

  @Option(
      names = "--actor",
      paramLabel = "USER",
      description = "Only the events of this acting user (ACTOR).")
  String actor;

  @Option(
      names = "--action",
      paramLabel = "ACTION",
      description =
          "Only events of this action: register, probe, observe, approve, reject, snapshot,"
              + " submit, not-submitted, cancel, sign-in, refused, user-add, user-role,"
              + " user-passwd, user-remove, token-create, token-revoke.")
  String action;

  @Option(names = "--newest-first", description = "The newest event first.")
  boolean newestFirst;

  @Option(
      names = "--limit",
      paramLabel = "N",
      converter = WholeNumber.class,
      description =
          "Only the latest N events (1-10000), shown in the order asked" + HistoryCut.LIMIT_HELP)
  Integer limit;

  @Option(
      names = "--all",
      description = "Every event the filters select, however many (instead of --limit).")
  boolean all;

  @Option(
      names = "--before",
      paramLabel = "ID",
      description =
          "Only events whose id is below ID: the next (older) page after a --limit (its"
              + " \"next\").")
  Long before;

  @Override
  public Integer call() {
    Integer shown = HistoryLimit.of(limit, all, "--all");
    // A page is the latest events, as tail and journalctl -n cut a log: read newest first from the
    // index, then turned round when the trail is read oldest first.
    AuditResult read =
        exa()
            .fleet()
            .governance()
            .audit(
                new AuditRequest(
                    cluster, actor, action, newestFirst || shown != null, before, null, 0, shown));
    AuditResult audit =
        newestFirst || shown == null
            ? read
            : new AuditResult(reversed(read.events()), read.total(), read.next());
    Output output = output();
    if (!output.json()) {
      HistoryCut.say(output, audit.events().size(), audit.total(), audit.next(), limit, "events");
    }
    output.emit(
        audit,
        () -> {
          Table table = new Table("TIME", "ACTOR", "SURFACE", "ACTION", "CLUSTER", "DETAILS");
          audit
              .events()
              .forEach(
                  e ->
                      table.row(
                          e.at(),
                          e.actor(),
                          e.surface(),
                          e.action(),
                          e.cluster(),
                          e.details() == null ? "" : abbreviate(e.details().toString())));
          table.print(output.out(), format);
        });
    return ExitCode.OK;
  }

  private static <T> List<T> reversed(List<T> list) {
    List<T> copy = new ArrayList<>(list);
    Collections.reverse(copy);
    return List.copyOf(copy);
  }

  private static String abbreviate(String text) {
    return text.length() <= 100 ? text : text.substring(0, 99) + "…";
  }
}
