package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.scheduler.ProbeException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what {@link ExitRecords#command} prints: a record per job that left one. */
public final class ExitRecordParser {
  private static final Pattern HEADER = Pattern.compile("== (\\S+)");
  private static final Pattern STARTED = Pattern.compile("started (\\d{1,12})");
  private static final Pattern EXITED = Pattern.compile("exited (\\d{1,3}) (\\d{1,12})");
  private static final Pattern SIGNAL = Pattern.compile("signal (\\d{1,2}) (\\d{1,12})");
  private static final Pattern LIMIT = Pattern.compile("limit (\\d{1,12})");

  /** The submission's mark ({@link SlurmMarks}); not part of how the job ended. */
  private static final Pattern MARK = Pattern.compile("mark [A-Za-z0-9-]{1,64}");

  private static final ExitRecord EMPTY = new ExitRecord(null, null, null, null, null);

  private ExitRecordParser() {}

  /**
   * The records by job id; a job without a file (or with an empty one) is absent. When a record
   * holds several runs (a requeued job appends), the last run counts.
   *
   * @throws ProbeException naming the line when the output is not what the command prints
   */
  public static Map<String, ExitRecord> parse(String command, String stdout) {
    Map<String, ExitRecord> records = new LinkedHashMap<>();
    String id = null;
    String[] lines = stdout == null ? new String[0] : stdout.split("\\R");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      Matcher m;
      if (line.isEmpty()) {
        continue;
      }
      if ((m = HEADER.matcher(line)).matches()) {
        id = m.group(1);
      } else if (id != null && MARK.matcher(line).matches()) {
        continue;
      } else if (id != null && (m = STARTED.matcher(line)).matches()) {
        // A requeued job appends a new run: what the earlier run recorded no longer counts.
        records.put(id, new ExitRecord(epoch(m.group(1)), null, null, null, null));
      } else if (id != null && (m = LIMIT.matcher(line)).matches()) {
        ExitRecord r = records.getOrDefault(id, EMPTY);
        records.put(
            id,
            new ExitRecord(r.started(), r.exitStatus(), r.ended(), r.signal(), epoch(m.group(1))));
      } else if (id != null && (m = SIGNAL.matcher(line)).matches()) {
        ExitRecord r = records.getOrDefault(id, EMPTY);
        records.put(
            id,
            new ExitRecord(
                r.started(), null, epoch(m.group(2)), Integer.valueOf(m.group(1)), r.limit()));
      } else if (id != null && (m = EXITED.matcher(line)).matches()) {
        ExitRecord r = records.getOrDefault(id, EMPTY);
        // After a signal line the exit is the trap's own 128+N; the signal's time is the end.
        Instant ended = r.signal() != null && r.ended() != null ? r.ended() : epoch(m.group(2));
        records.put(
            id,
            new ExitRecord(r.started(), Integer.valueOf(m.group(1)), ended, r.signal(), r.limit()));
      } else {
        throw ProbeException.badLine(
            command,
            i + 1,
            lines[i],
            "expected '== ID', 'started EPOCH', 'limit EPOCH', 'signal N EPOCH' or 'exited STATUS"
                + " EPOCH'");
      }
    }
    return records;
  }

  private static Instant epoch(String seconds) {
    return Instant.ofEpochSecond(Long.parseLong(seconds));
  }
}
