package io.examlops.fleet.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.scheduler.ProbeException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns a fuzzer's bytes into what a parser reads. Scheduler output reaches the parsers as UTF-8
 * decoded text, so the bytes are decoded the same way (malformed sequences become U+FFFD).
 *
 * <p>A fuzz test that drives several small parsers picks one with the first byte ({@code 'a'} the
 * first parser, {@code 'b'} the second, ...): seed files stay readable text, an {@code a}, {@code
 * b}, ... followed by a real output.
 */
public final class FuzzInput {
  /** A libFuzzer dictionary of edge-of-range numbers, for every fuzz test. */
  public static final String NUMBERS = "/io/examlops/fleet/fuzz/numbers.dict";

  private FuzzInput() {}

  public static String text(byte[] data) {
    return new String(data, StandardCharsets.UTF_8);
  }

  /** Which of {@code choices} parsers the input is for. */
  public static int choice(byte[] data, int choices) {
    return data.length == 0 ? 0 : Math.floorMod(data[0] - 'a', choices);
  }

  /** The input after its choice byte. */
  public static String rest(byte[] data) {
    return data.length == 0 ? "" : text(Arrays.copyOfRange(data, 1, data.length));
  }

  /**
   * Runs a parser that may refuse its input only with a {@link ProbeException} naming {@code
   * command}; anything else it throws propagates to the fuzzer as a finding.
   */
  public static void readOrRefused(String command, Runnable parse) {
    try {
      parse.run();
    } catch (ProbeException e) {
      assertThat(e.getMessage()).contains(command);
    }
  }
}
