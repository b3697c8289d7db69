package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.transport.CommandResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The record lines run in real shells the way Slurm runs a batch script, and their file is read
 * back by the real {@link ExitRecords#command} and {@link ExitRecordParser}: an exit is told from a
 * kill, and a kill after the end time Slurm gave the job from one before it. The kill goes to the
 * whole process group, as slurmstepd signals every process of the job (SIGTERM first).
 */
class ExitRecordScriptTest {
  private static final String JOB = "41";

  @TempDir Path home;

  @ParameterizedTest
  @ValueSource(strings = {"/usr/bin/bash", "/usr/bin/dash"})
  void anExitIsRecordedWithItsStatus(String shell) throws Exception {
    Process job = start(shell, null, "exit 3");
    assertThat(job.waitFor(60, TimeUnit.SECONDS)).isTrue();

    ExitRecord record = readBack();
    assertThat(record.exitStatus()).isEqualTo(3);
    assertThat(record.signal()).isNull();
    assertThat(record.limit()).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/usr/bin/bash", "/usr/bin/dash"})
  void aTermAfterTheEndTimeIsATimeLimitKill(String shell) throws Exception {
    // An end time long past: any signal now comes after it.
    ExitRecord record = killed(shell, "1");
    assertThat(record.signal()).isEqualTo(15);
    assertThat(record.exitStatus()).isEqualTo(143);
    assertThat(record.limit()).isEqualTo(Instant.ofEpochSecond(1));
    assertThat(record.killedAtLimit()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/usr/bin/bash", "/usr/bin/dash"})
  void aTermBeforeTheEndTimeIsNotATimeLimitKill(String shell) throws Exception {
    ExitRecord record = killed(shell, "99999999999");
    assertThat(record.signal()).isEqualTo(15);
    assertThat(record.killedAtLimit()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/usr/bin/bash", "/usr/bin/dash"})
  void withoutAnEndTimeTheKillIsStillNoExit(String shell) throws Exception {
    ExitRecord record = killed(shell, null);
    assertThat(record.signal()).isEqualTo(15);
    assertThat(record.limit()).isNull();
    assertThat(record.killedAtLimit()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/usr/bin/bash", "/usr/bin/dash"})
  void theWatchSeesAnEndTheJobRecordsWhileItWatches(String shell) throws Exception {
    Process job = start(shell, null, "sleep 1; exit 5");
    // up to a minute: it returns when the record holds the end, a second or so into it
    CommandResult watched = watch(shell, Duration.ofMinutes(1));
    assertThat(ExitRecords.watchOutcome(watched)).as(watched.toString()).isEqualTo(EndWatch.ENDED);
    assertThat(job.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(readBack().exitStatus()).isEqualTo(5);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/usr/bin/bash", "/usr/bin/dash"})
  void aKilledJobsRecordIsAnEndToo(String shell) throws Exception {
    killed(shell, null);
    assertThat(ExitRecords.watchOutcome(watch(shell, Duration.ofMillis(300))))
        .isEqualTo(EndWatch.ENDED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/usr/bin/bash", "/usr/bin/dash"})
  void noRecordOrOneWithoutAnEndIsQuietOnceTheTimePassed(String shell) throws Exception {
    assertThat(ExitRecords.watchOutcome(watch(shell, Duration.ofMillis(200))))
        .as("no record yet")
        .isEqualTo(EndWatch.QUIET);
    Files.writeString(home.resolve(ExitRecords.file(JOB)), "started 1796108546\nmark m-1\n");
    assertThat(ExitRecords.watchOutcome(watch(shell, Duration.ofMillis(200))))
        .as("started, not ended")
        .isEqualTo(EndWatch.QUIET);
  }

  @Test
  void aLoginShellThatCannotRunTheWatchLeavesTheJobPolled() throws Exception {
    // a C shell reads none of the watch's POSIX syntax
    CommandResult result =
        new CommandResult(
            ExitRecords.watchCommand(JOB, Duration.ofSeconds(1)),
            1,
            "",
            "i=0: Command not found.",
            false);
    assertThat(ExitRecords.watchOutcome(result)).isEqualTo(EndWatch.UNWATCHABLE);
  }

  /** The watch of the job's record run as the login node's shell runs it, in the job's home. */
  private CommandResult watch(String shell, Duration upTo) throws Exception {
    String command = ExitRecords.watchCommand(JOB, upTo);
    ProcessBuilder builder = new ProcessBuilder(shell, "-c", command);
    builder.environment().put("HOME", home.toString());
    Process watch = builder.start();
    String out = new String(watch.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(watch.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(watch.waitFor(90, TimeUnit.SECONDS)).isTrue();
    return new CommandResult(command, watch.exitValue(), out, err, false);
  }

  /** Runs a job that sleeps in the foreground, signals its group once it started, reads back. */
  private ExitRecord killed(String shell, String endTime) throws Exception {
    Process job = start(shell, endTime, "sleep 120");
    Path file = home.resolve(ExitRecords.file(JOB));
    // Signal only once the traps are set (the mark line is written after them) and the job's
    // foreground command exists, so the signal reaches it as slurmstepd's reaches every process.
    Eventually.waitUntil(
        "the job's traps are set and its foreground command runs",
        Duration.ofSeconds(60),
        () -> marked(file) && job.toHandle().descendants().findAny().isPresent());
    Process kill = new ProcessBuilder("kill", "-TERM", "--", "-" + job.pid()).inheritIO().start();
    assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(kill.exitValue()).as("the job's process group was signalled").isZero();
    assertThat(job.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return readBack();
  }

  private static boolean marked(Path file) {
    try {
      return Files.readString(file).contains("mark m-1");
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The record lines, a line after them that says the traps are set, then the job's body. */
  private Process start(String shell, String endTime, String body) throws IOException {
    String script =
        String.join("\n", ExitRecords.scriptLines(null))
            + "\necho 'mark m-1' >> \"$SLURM_SUBMIT_DIR/examlops-$SLURM_JOB_ID.exit\"\n"
            + body
            + "\n";
    ProcessBuilder builder = new ProcessBuilder("setsid", shell, "-c", script);
    builder.environment().put("SLURM_JOB_ID", JOB);
    builder.environment().put("SLURM_SUBMIT_DIR", home.toString());
    builder.environment().remove("SLURM_JOB_END_TIME");
    if (endTime != null) {
      builder.environment().put("SLURM_JOB_END_TIME", endTime);
    }
    return builder.redirectErrorStream(true).redirectOutput(home.resolve("out").toFile()).start();
  }

  private ExitRecord readBack() throws Exception {
    String command = ExitRecords.command(List.of(JOB));
    ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", command);
    builder.environment().put("HOME", home.toString());
    Process read = builder.redirectErrorStream(true).start();
    String out = new String(read.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(read.waitFor(30, TimeUnit.SECONDS)).isTrue();
    Map<String, ExitRecord> records = ExitRecordParser.parse(command, out);
    assertThat(records).containsKey(JOB);
    return records.get(JOB);
  }
}
