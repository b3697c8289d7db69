package io.examlops.fleet.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StateWordsTest {

  @Test
  void everySpellingOnAValuesLinesNamesItWhateverItsCase() {
    StateWords<TimeUnit> words =
        StateWords.of(
            TimeUnit.class,
            """
            # comments and blank lines are skipped

            SECONDS: s sec  # so is a comment after the words
            SECONDS: seconds
            MINUTES: min
            """);

    assertThat(words.get("SEC")).isEqualTo(TimeUnit.SECONDS);
    assertThat(words.get("seconds")).isEqualTo(TimeUnit.SECONDS);
    assertThat(words.get("Min")).isEqualTo(TimeUnit.MINUTES);
    assertThat(words.get("hour")).isNull();
    assertThat(words.get(null)).isNull();
    assertThat(words.getOrDefault("hour", TimeUnit.DAYS)).isEqualTo(TimeUnit.DAYS);
  }

  @Test
  void aSpellingListedTwiceIsRefusedWhenTheTableIsRead() {
    assertThatThrownBy(() -> StateWords.of(TimeUnit.class, "SECONDS: s\nMINUTES: m S"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'S' is listed twice");
  }

  @Test
  void aLineWithoutAValueOrWithoutWordsIsRefused() {
    assertThatThrownBy(() -> StateWords.of(TimeUnit.class, "s sec"))
        .hasMessage("no 'VALUE:' before the words in: s sec");
    assertThatThrownBy(() -> StateWords.of(TimeUnit.class, "SECONDS:  "))
        .hasMessage("no words after the colon in: SECONDS:  ");
    assertThatThrownBy(() -> StateWords.of(TimeUnit.class, "SECS: s"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
