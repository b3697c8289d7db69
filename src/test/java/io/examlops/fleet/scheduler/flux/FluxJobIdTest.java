package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.testing.Fixtures;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FluxJobIdTest {
  /** submit/job-id-conversions.txt: `flux job id --to=<form> ƒCfjPArK` for each form. */
  private static Map<String, String> conversions() {
    Map<String, String> forms = new LinkedHashMap<>();
    for (String line : Fixtures.flux("jobs/job-id-conversions.txt").split("\\R")) {
      int colon = line.indexOf(": ");
      forms.put(line.substring(0, colon), line.substring(colon + 2));
    }
    return forms;
  }

  @Test
  void decodesEveryFormFluxPrintedToTheSameId() {
    Map<String, String> forms = conversions();
    long dec = Long.parseUnsignedLong(forms.get("dec"));
    for (String form : new String[] {"dec", "hex", "dothex", "kvs", "f58", "f58plain"}) {
      assertThat(FluxJobId.parse(forms.get(form))).as(form).isEqualTo(dec);
    }
  }

  @Test
  void encodesTheFormsItSendsAsFluxDoes() {
    Map<String, String> forms = conversions();
    long id = FluxJobId.parse(forms.get("f58"));
    assertThat(FluxJobId.toDec(id)).isEqualTo(forms.get("dec"));
    assertThat(FluxJobId.toF58Plain(id)).isEqualTo(forms.get("f58plain"));
  }

  @Test
  void idsFromTheCustomListingAgree() {
    // jobs-a-fmt-custom.txt: {id}|{id.f58}|{id.f58plain}|{id.dec}|{id.hex}|{id.dothex}|...
    for (String line : Fixtures.flux("jobs/jobs-a-fmt-custom.txt").split("\\R")) {
      String[] f = line.split("\\|");
      long dec = Long.parseUnsignedLong(f[3]);
      assertThat(FluxJobId.parse(f[0])).isEqualTo(dec);
      assertThat(FluxJobId.parse(f[2])).isEqualTo(dec);
      assertThat(FluxJobId.parse(f[4])).isEqualTo(dec);
      assertThat(FluxJobId.parse(f[5])).isEqualTo(dec);
      assertThat(FluxJobId.toF58Plain(dec)).isEqualTo(f[2]);
      assertThat(FluxJobId.parse(f[1])).isEqualTo(dec);
    }
  }

  @Test
  void utf8AndAsciiPrefixesOfTheSameJobMatch() {
    // cpu-mixed_LC_ALL_C_jobs.txt prints f3TZ9we7; the UTF-8 listing of the same instance ƒ3TZ9we7
    assertThat(FluxJobId.parse("f3TZ9we7")).isEqualTo(FluxJobId.parse("\u01923TZ9we7"));
    assertThat(FluxJobId.parse("  \u0192CvnbsqR \n")).isEqualTo(454058573824L);
  }

  @Test
  void coversTheWholeUnsignedRange() {
    assertThat(FluxJobId.toF58Plain(0)).isEqualTo("f1");
    assertThat(FluxJobId.parse("f1")).isZero();
    long max = -1L; // 2^64 - 1
    assertThat(FluxJobId.parse(FluxJobId.toF58Plain(max))).isEqualTo(max);
    assertThat(FluxJobId.toDec(max)).isEqualTo("18446744073709551615");
    assertThat(FluxJobId.parse("18446744073709551615")).isEqualTo(max);
    assertThatThrownBy(() -> FluxJobId.parse("18446744073709551616"))
        .hasMessageContaining("64 bits");
  }

  @Test
  void wordsFormSaysHowToConvertIt() {
    assertThatThrownBy(() -> FluxJobId.parse("split-vortex-soviet--cantina-academy-academy"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("flux job id --to=dec");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "f", "fC0O", "ƒIl", "12ab", "0xzz", "0000.0067.6b00", "job.xyz"})
  void rejectsGarbage(String id) {
    assertThatThrownBy(() -> FluxJobId.parse(id)).isInstanceOf(IllegalArgumentException.class);
  }
}
