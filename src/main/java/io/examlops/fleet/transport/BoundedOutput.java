package io.examlops.fleet.transport;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps the first {@code cap} bytes written and silently discards the rest. Writes never block or
 * fail, so whoever feeds it (a pipe pump, an SSH channel) keeps draining the producer.
 */
final class BoundedOutput extends OutputStream {
  private final int cap;
  private final ByteArrayOutputStream head = new ByteArrayOutputStream();
  private boolean truncated;

  BoundedOutput(int cap) {
    this.cap = cap;
  }

  @Override
  public synchronized void write(int b) {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) {
    int room = cap - head.size();
    if (length > room) {
      truncated = true;
    }
    head.write(bytes, offset, Math.min(length, Math.max(room, 0)));
  }

  /** What a command printed on these two outputs; truncated when either was cut at its cap. */
  static CommandResult result(
      String command, int exitCode, BoundedOutput stdout, BoundedOutput stderr) {
    return new CommandResult(
        command, exitCode, stdout.text(), stderr.text(), stdout.truncated() || stderr.truncated());
  }

  synchronized boolean truncated() {
    return truncated;
  }

  /** The kept bytes as UTF-8; a character cut in half by the cap is dropped, not mangled. */
  synchronized String text() {
    byte[] bytes = head.toByteArray();
    int length = truncated ? completeUtf8Length(bytes) : bytes.length;
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }

  private static int completeUtf8Length(byte[] bytes) {
    int lead = bytes.length - 1;
    int continuations = 0;
    while (lead >= 0 && (bytes[lead] & 0xC0) == 0x80 && continuations < 3) {
      lead--;
      continuations++;
    }
    if (lead < 0) {
      return bytes.length;
    }
    int first = bytes[lead] & 0xFF;
    int sequenceLength = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
    return continuations + 1 < sequenceLength ? lead : bytes.length;
  }
}
