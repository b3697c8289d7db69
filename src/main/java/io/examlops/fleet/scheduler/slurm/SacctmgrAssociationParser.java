package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.scheduler.Association;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code sacctmgr -n -P show assoc ... format=Cluster,Account,User,Partition,...}: one
 * association per line. Account-level lines (no user) are not a user's association and are left
 * out; so are other users' lines, should sacctmgr print them.
 */
public final class SacctmgrAssociationParser {
  private static final int FIELDS = 4;

  private SacctmgrAssociationParser() {}

  public static List<Association> parse(String command, String stdout, String user) {
    List<Association> associations = new ArrayList<>();
    List<String> lines = stdout.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split("\\|", -1);
      if (f.length < FIELDS) {
        throw ProbeException.badLine(
            command,
            i + 1,
            line,
            "expected at least " + FIELDS + " |-separated fields (Cluster|Account|User|Partition)");
      }
      if (!f[2].equals(user) || f[1].isEmpty()) {
        continue;
      }
      associations.add(new Association(f[2], f[1], f[3].isEmpty() ? List.of() : List.of(f[3])));
    }
    return associations;
  }
}
