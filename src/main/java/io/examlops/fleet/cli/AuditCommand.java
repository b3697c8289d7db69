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
        "Show the audit trail (register, probe, approve, reject, snapshot, ...), oldest first.")
final class AuditCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Option(names = "--cluster", paramLabel = "NAME", description = "Only this cluster's events.")
  String cluster;

  @Override
  public Integer call() {
    AuditResult audit = exa().fleet().governance().audit(new AuditRequest(cluster));
    Output output = output();
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
