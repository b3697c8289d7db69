package io.examlops.fleet.scheduler.mock;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.OwnerOnly;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.BackendException;
import io.examlops.fleet.scheduler.CancelReply;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.JobScript;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.MarkLookup;
import io.examlops.fleet.scheduler.OutputDirectory;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The embedded "inline" scheduler: each job is a local process, detached into its own session
 * ({@code setsid}) so the CLI can exit while it runs, in a directory of its own under the jobs
 * directory. It "has" whatever GPUs a job asks for: GPU-hours are elapsed time × requested GPUs.
 * Time limits are not enforced.
 *
 * <p>Layout of {@code <jobs dir>/mock-<n>/}: {@code job.sh} (the script with its exports), {@code
 * request} (name, gpus, nodes), {@code run.sh} (the wrapper), {@code pid} (the wrapper's pid, which
 * is also the job's process group), {@code started} (touched when the wrapper starts), {@code
 * output.log} (stdout and stderr, unless the request names another file), {@code exit} (the
 * script's exit status, written when it ends; its modification time is the end time), {@code
 * cancelled} (written by {@link #cancel}).
 */
public final class MockBackend implements JobBackend {
  private static final Pattern DIRECTORY = Pattern.compile("mock-(\\d+)");
  private static final String WRAPPER =
      """
      #!/bin/sh
      # Written by the exaMLOps mock backend: runs the job, then records its exit status.
      : > started
      ./job.sh > %s 2>&1
      echo $? > exit.tmp
      mv exit.tmp exit
      """;

  /** The output file in the job's directory when the request names none. */
  private static final String OUTPUT = "output.log";

  private final Path jobsDir;
  private final String user;

  /**
   * @param jobsDir where job directories are made, e.g. {@code <data dir>/mock-jobs}
   * @param user who submits: the operating-system user the jobs run as
   */
  public MockBackend(Path jobsDir, String user) {
    this.jobsDir = jobsDir;
    this.user = user;
  }

  @Override
  public String manualCancel(String jobId) {
    return "kill -TERM -$(cat <mock-jobs directory>/" + jobId + "/pid)";
  }

  @Override
  public String outputFile(String jobId, OutputPath output) {
    return output == null
        ? jobDirectory(jobId).toAbsolutePath().resolve(OUTPUT).toString()
        : output.file(jobId);
  }

  @Override
  public SchedulerKind kind() {
    return MockAdapter.KIND;
  }

  /**
   * Checks the request's output directory ({@link OutputDirectory}; a relative output path starts
   * at the home directory, as on a cluster), writes the job directory, then runs {@code cd DIR &&
   * setsid sh ./run.sh </dev/null >/dev/null 2>&1 & echo $!} through the (local) runner and records
   * the pid it prints.
   */
  @Override
  public SubmitReply submit(CommandRunner runner, JobSpec request) {
    requireLocal(runner);
    // Everything that can refuse the request comes before the job directory exists: a refused
    // request leaves nothing behind.
    OutputDirectory.require(runner, request.output());
    byte[] script = JobScript.render(request);
    byte[] requestFile =
        MockJob.requestFile(request.name(), request.gpus(), request.nodes(), user, request.mark())
            .getBytes();
    Path dir = newJobDirectory();
    String pid;
    try {
      writePrivate(dir.resolve("job.sh"), script, OwnerOnly.EXECUTABLE);
      String output =
          request.output() == null
              ? OUTPUT
              : ShellQuote.path(request.output().file(dir.getFileName().toString()));
      writePrivate(
          dir.resolve("run.sh"), WRAPPER.formatted(output).getBytes(), OwnerOnly.EXECUTABLE);
      writePrivate(dir.resolve("request"), requestFile, OwnerOnly.FILE);
      CommandResult started =
          runner.run(
              "cd "
                  + ShellQuote.quote(dir.toString())
                  + " && setsid sh ./run.sh </dev/null >/dev/null 2>&1 & echo $!");
      pid = started.stdout().strip();
      if (!started.ok() || !pid.matches("\\d+")) {
        throw BackendException.failed(runner.target(), started, "the mock job did not start");
      }
    } catch (IOException | RuntimeException e) {
      removeTree(dir, e);
      if (e instanceof IOException io) {
        throw new UncheckedIOException("cannot write the mock job directory " + dir, io);
      }
      throw (RuntimeException) e;
    }
    try {
      Files.writeString(dir.resolve("pid"), pid + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record the pid of mock job " + dir, e);
    }
    return SubmitReply.accepted(List.of(dir.getFileName().toString()), null);
  }

  /** Removes a job directory that never started a job; a failure is added to {@code cause}. */
  private static void removeTree(Path dir, Exception cause) {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }

  /** The job directory whose request holds the mark, newest first. */
  @Override
  public MarkLookup findMarked(CommandRunner runner, String mark, String name) {
    requireLocal(runner);
    List<Path> dirs = new ArrayList<>(jobDirectories());
    Collections.reverse(dirs);
    for (Path dir : dirs) {
      if (mark.equals(MockJob.mark(dir))) {
        return MarkLookup.found(dir.getFileName().toString());
      }
    }
    return MarkLookup.notFound();
  }

  /** Jobs not yet ended, in id order. */
  @Override
  public List<QueueEntry> queue(CommandRunner runner) {
    requireLocal(runner);
    List<QueueEntry> entries = new ArrayList<>();
    for (Path dir : jobDirectories()) {
      JobAccounting job;
      try {
        job = MockJob.read(dir).accounting();
      } catch (BackendException damaged) {
        // One damaged directory is that job's problem; the rest of the queue still shows.
        entries.add(
            new QueueEntry(
                MockAdapter.KIND,
                dir.getFileName().toString(),
                null,
                null,
                JobState.UNKNOWN,
                "damaged",
                MockProbe.PARTITION,
                null,
                null,
                null,
                null,
                damaged.getMessage(),
                null));
        continue;
      }
      if (!job.state().terminal()) {
        entries.add(
            new QueueEntry(
                MockAdapter.KIND,
                job.id(),
                job.name(),
                job.user(),
                job.state(),
                job.rawState(),
                job.partition(),
                job.nodes(),
                null,
                job.gpus(),
                job.elapsed(),
                null,
                job.nodeList()));
      }
    }
    return entries;
  }

  @Override
  public Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds) {
    requireLocal(runner);
    Map<String, JobStatus> statuses = new LinkedHashMap<>();
    for (String id : jobIds) {
      Path dir = jobDirectory(id);
      statuses.put(id, status(id, dir));
    }
    return statuses;
  }

  private static JobStatus status(String id, Path dir) {
    if (!Files.isDirectory(dir)) {
      return JobStatus.notFound(MockAdapter.KIND, id, "no job directory " + dir);
    }
    try {
      return new JobStatus(JobStatus.Source.LOCAL, MockJob.read(dir).accounting(), null);
    } catch (BackendException damaged) {
      return JobStatus.notFound(MockAdapter.KIND, id, damaged.getMessage());
    }
  }

  /**
   * Marks the job cancelled, then sends SIGTERM to its whole process group ({@code kill -TERM
   * -PID}): the wrapper, the script and everything the script started.
   */
  @Override
  public CancelReply cancel(CommandRunner runner, String jobId) {
    requireLocal(runner);
    Path dir = jobDirectory(jobId);
    if (!Files.isDirectory(dir)) {
      return new CancelReply(CancelOutcome.NOT_FOUND, "no mock job " + jobId);
    }
    MockJob job = MockJob.read(dir);
    if (job.accounting().state().terminal()) {
      return new CancelReply(CancelOutcome.ALREADY_ENDED, "job " + jobId + " has already ended");
    }
    try {
      Files.writeString(dir.resolve("cancelled"), "");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot mark mock job " + jobId + " cancelled", e);
    }
    if (job.pid() == null) {
      return new CancelReply(CancelOutcome.REQUESTED, "");
    }
    // A negative pid names the process group; "-TERM -PID" is the form dash and bash both take.
    CommandResult killed = runner.run("kill -TERM -" + job.pid());
    if (killed.ok() || killed.stderr().contains("No such process")) {
      return new CancelReply(CancelOutcome.REQUESTED, "");
    }
    return new CancelReply(CancelOutcome.FAILED, killed.stderr());
  }

  private Path jobDirectory(String id) {
    if (id == null || !DIRECTORY.matcher(id).matches()) {
      throw new IllegalArgumentException("'" + id + "' is not a mock job id (mock-<number>)");
    }
    return jobsDir.resolve(id);
  }

  private List<Path> jobDirectories() {
    if (!Files.isDirectory(jobsDir)) {
      return List.of();
    }
    try (Stream<Path> children = Files.list(jobsDir)) {
      return children
          .filter(p -> DIRECTORY.matcher(p.getFileName().toString()).matches())
          .sorted((a, b) -> Long.compare(number(a), number(b)))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the mock jobs directory " + jobsDir, e);
    }
  }

  /**
   * The next {@code mock-<n>}; creating the directory claims the id, so two CLIs never share one.
   */
  private Path newJobDirectory() {
    try {
      Files.createDirectories(jobsDir);
      while (true) {
        long next = jobDirectories().stream().mapToLong(MockBackend::number).max().orElse(0) + 1;
        Path dir = jobsDir.resolve("mock-" + next);
        try {
          return Files.createDirectory(dir, OwnerOnly.directory());
        } catch (FileAlreadyExistsException raced) {
          // Another process took this id between the listing and the creation: try the next.
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a job directory under " + jobsDir, e);
    }
  }

  private static long number(Path dir) {
    Matcher m = DIRECTORY.matcher(dir.getFileName().toString());
    return m.matches() ? Long.parseLong(m.group(1)) : 0;
  }

  private static void writePrivate(Path file, byte[] content, Set<PosixFilePermission> permissions)
      throws IOException {
    Files.write(file, content);
    Files.setPosixFilePermissions(file, permissions);
  }

  /** The mock's jobs are processes on this machine: a runner for another host cannot reach them. */
  private static void requireLocal(CommandRunner runner) {
    if (!"local".equals(runner.target())) {
      throw new IllegalArgumentException(
          "the mock backend runs jobs on this machine; it cannot use a runner for "
              + runner.target());
    }
  }
}
