package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.LogsResult;
import io.examlops.fleet.model.LastLines;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc logs}: a tracked job's output, followed while it runs. */
@Command(
    name = "logs",
    mixinStandardHelpOptions = true,
    description = {
      "Print a tracked job's output (its standard output and error): on Slurm and Flux the job's"
          + " output file on its cluster, read over the cluster's SSH connection; on the mock"
          + " backend the local file. With --follow, print what is written while the job runs and"
          + " end when it ends.",
      "With --json the output is the answer's text; with --json --follow it also goes to"
          + " stderr as it comes.",
      "Read-only: allowed for a job on any registered cluster."
    })
final class LogsCommand extends FleetCommand {
  @Mixin JobParameter job;

  @Option(names = "--follow", description = "Keep printing what the job writes until it ends.")
  boolean follow;

  @Option(
      names = "--follow-timeout",
      paramLabel = "SECONDS",
      defaultValue = "86400",
      description =
          "With --follow: stop after this many seconds (default: ${DEFAULT-VALUE}, a day); the job keeps running and the exit code is 1.")
  @Fills("timeoutSeconds")
  int followTimeoutSeconds;

  @Option(
      names = "--tail",
      paramLabel = "LINES",
      description =
          "Only the last LINES lines of the output (1-100000), kept in bounded memory however"
              + " long the output is; not with --follow. With --json, \"cut\" says whether lines"
              + " before them were left out.")
  Integer tail;

  @Override
  public Integer call() {
    Output output = output();
    if (tail != null) {
      return lastLines(output);
    }
    StringBuilder text = new StringBuilder();
    // With --json the text is part of the answer; followed, it also goes to stderr as it comes
    // (as submit --wait --log does), so that a caller reading the answer sees the job live.
    Consumer<String> sink =
        !output.json()
            ? chunk -> {
              output.out().print(chunk);
              output.out().flush();
            }
            : follow
                ? chunk -> {
                  text.append(chunk);
                  output.err().print(chunk);
                  output.err().flush();
                }
                : text::append;
    LogsResult read =
        exa()
            .fleet()
            .jobs()
            .logs(exa().actor(), new LogsRequest(job.job, follow, followTimeoutSeconds), sink);
    output.emit(answer(read, text.toString()), () -> {});
    noOutputYet(output, read);
    if (follow && !read.followed()) {
      output
          .err()
          .println(
              "exa: stopped following job "
                  + read.job().id()
                  + " after "
                  + followTimeoutSeconds
                  + " s (--follow-timeout); it is "
                  + read.job().state().label());
      return ExitCode.FAILED;
    }
    return ExitCode.OK;
  }

  /** {@code --tail}: the last lines only, read in one go. */
  private Integer lastLines(Output output) {
    if (tail < 1 || tail > 100_000) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--tail must be 1 to 100000 lines, got " + tail);
    }
    if (follow) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--tail does not go with --follow: read the last lines with --tail, then follow");
    }
    LastLines last = new LastLines(tail);
    LogsResult read =
        exa()
            .fleet()
            .jobs()
            .logs(exa().actor(), new LogsRequest(job.job, false, followTimeoutSeconds), last);
    Map<String, Object> json = answer(read, last.text());
    json.put("cut", last.cut());
    output.emit(
        json,
        () -> {
          output.out().print(last.text());
          output.out().flush();
        });
    noOutputYet(output, read);
    return ExitCode.OK;
  }

  /** The answer's JSON: the job, where its output is, whether it was there, the text read. */
  private static Map<String, Object> answer(LogsResult read, String text) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("job", read.job());
    json.put("output", read.output());
    json.put("found", read.found());
    json.put("text", text);
    return json;
  }

  private static void noOutputYet(Output output, LogsResult read) {
    if (!read.found()) {
      output
          .err()
          .println(
              "exa: no output yet at "
                  + read.output()
                  + " on "
                  + read.job().cluster()
                  + " (job "
                  + read.job().id()
                  + " is "
                  + read.job().state().label()
                  + ")");
    }
  }
}
