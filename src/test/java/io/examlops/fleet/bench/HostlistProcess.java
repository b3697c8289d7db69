package io.examlops.fleet.bench;

import io.examlops.fleet.hostlist.Hostlist;
import io.examlops.fleet.hostlist.Hostlist.Dialect;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * exa's hostlist code as one whole process, for scripts/bench/hostlist.sh to time beside
 * ClusterShell's {@code nodeset} and Slurm's {@code scontrol}: {@code generate} prints the
 * benchmark's 100,000 hosts, {@code expand FILE} prints the hosts of the Slurm expression in FILE,
 * one a line, and {@code fold} prints the expression of the hosts on stdin.
 */
public final class HostlistProcess {
  private HostlistProcess() {}

  public static void main(String[] args) throws IOException {
    try (BufferedWriter out =
        new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16)) {
      switch (args[0]) {
        case "generate" -> lines(HostlistBenchmark.cluster(), out);
        case "expand" ->
            lines(Hostlist.expand(Files.readString(Path.of(args[1])).strip(), Dialect.SLURM), out);
        case "fold" -> out.write(Hostlist.compress(stdinLines()) + "\n");
        default -> throw new IllegalArgumentException("generate | expand FILE | fold");
      }
    }
  }

  private static List<String> stdinLines() throws IOException {
    var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
    return in.lines().filter(l -> !l.isBlank()).toList();
  }

  private static void lines(List<String> hosts, BufferedWriter out) throws IOException {
    for (String host : hosts) {
      out.write(host);
      out.write('\n');
    }
  }
}
