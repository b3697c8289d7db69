package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A code point above U+FFFF is one character to keep; half of one is refused, escaped or spaced.
 */
class OneLineTest {
  private static final String ROCKET = "\uD83D\uDE80";

  @Test
  void aSurrogatePairIsKeptAndALoneHalfIsNot() {
    assertThat(OneLine.problem("go " + ROCKET)).isEmpty();
    assertThat(OneLine.problem("go \uD83D")).contains("a lone surrogate (U+D83D) at character 4");
    assertThat(OneLine.escaped("a\n" + ROCKET)).isEqualTo("a\\u000a" + ROCKET);
    assertThat(OneLine.escaped("a\uDE80")).isEqualTo("a\\ude80");
    assertThat(OneLine.flattened("a\n\nb " + ROCKET, 100)).isEqualTo("a b " + ROCKET);
    assertThat(OneLine.flattened("ab" + ROCKET, 3)).isEqualTo("ab");
  }
}
