package io.examlops.fleet.cli;

import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.AuditResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc audit}: who did what to which cluster, and when. */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    description =
        "Show the audit trail (register, probe, approve, reject, snapshot, ...), oldest first,"
            + " or the newest first.")
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
              + " submit, not-submitted, user-add, user-role, user-passwd, user-remove,"
              + " token-create, token-revoke.")
  String action;

  @Option(names = "--newest-first", description = "The newest event first.")
  boolean newestFirst;

  @Option(
      names = "--limit",
      paramLabel = "N",
      converter = WholeNumber.class,
      description =
          "Only the first N events (1-10000) in the order shown: with --newest-first, the"
              + " latest N. stderr says how many there are in all. With --json, \"total\" and"
              + " \"next\".")
  Integer limit;

  @Override
  public Integer call() {
    AuditResult audit =
        exa()
            .fleet()
            .governance()
            .audit(new AuditRequest(cluster, actor, action, newestFirst, null, null, 0, limit));
    Output output = output();
    if (audit.total() != null && !output.json()) {
      output.err().println("exa: " + audit.events().size() + " of " + audit.total() + " events");
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

  private static String abbreviate(String text) {
    return text.length() <= 100 ? text : text.substring(0, 99) + "…";
  }
}
