package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Audit details read as lines of words, whatever JSON the trail stored. */
class AuditDetailsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void keysBecomeWordsAndNestedObjectsReadAsPairs() throws Exception {
    assertThat(
            AuditDetails.lines(
                JSON.readTree(
                    "{\"previousState\": \"PENDING\", \"pinned\": {\"host\": \"10.0.0.5\","
                        + " \"hostKeyFingerprint\": \"SHA256:abc\", \"port\": null},"
                        + " \"partitions\": [\"gpu\", \"cpu\"], \"queue_jobs\": 2,"
                        + " \"previousPin\": null}")))
        .containsExactly(
            "Previous state: PENDING",
            "Pinned: host 10.0.0.5 · host key fingerprint SHA256:abc",
            "Partitions: gpu, cpu",
            "Queue jobs: 2",
            "Previous pin: none");
  }

  @Test
  void nothingIsNoLineAndAScalarIsOne() throws Exception {
    assertThat(AuditDetails.lines(null)).isEmpty();
    assertThat(AuditDetails.lines(JSON.readTree("null"))).isEmpty();
    assertThat(AuditDetails.lines(JSON.readTree("\"text\""))).containsExactly("text");
  }
}
