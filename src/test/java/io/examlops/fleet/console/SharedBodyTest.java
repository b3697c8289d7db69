package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which {@code Accept-Encoding} headers admit gzip (RFC 9110, 12.5.3). */
class SharedBodyTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "gzip",
        "GZIP",
        "gzip, deflate, br",
        "br;q=1.0, gzip;q=0.8, *;q=0.1",
        "deflate, x-gzip",
        "*",
        "br, *;q=0.5",
        " gzip ; q=0.001 "
      })
  void admitted(String header) {
    assertThat(SharedBody.acceptsGzip(header)).as(header).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "identity",
        "br, deflate",
        "gzip;q=0",
        "gzip; q=0.000",
        "*, gzip;q=0",
        "*;q=0",
        "gzip;q=nope",
        "gzipped",
        "br;q=0.5, identity"
      })
  void refused(String header) {
    assertThat(SharedBody.acceptsGzip(header)).as(header).isFalse();
  }

  @Test
  void noHeaderAdmitsNone() {
    assertThat(SharedBody.acceptsGzip(null)).isFalse();
  }
}
