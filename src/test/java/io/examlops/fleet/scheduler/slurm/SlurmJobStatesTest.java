package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.JobState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlurmJobStatesTest {
  @ParameterizedTest
  @CsvSource({
    "PENDING,PENDING",
    "PD,PENDING",
    "RUNNING,RUNNING",
    "R,RUNNING",
    "COMPLETING,COMPLETING",
    "CG,COMPLETING",
    "COMPLETED,COMPLETED",
    "CD,COMPLETED",
    "FAILED,FAILED",
    "F,FAILED",
    "CANCELLED,CANCELLED",
    "CA,CANCELLED",
    "'CANCELLED by 1001',CANCELLED",
    "'CANCELLED by 0',CANCELLED",
    "TIMEOUT,TIMEOUT",
    "TO,TIMEOUT",
    "NODE_FAIL,FAILED",
    "NF,FAILED",
    "PREEMPTED,CANCELLED",
    "PR,CANCELLED",
    "OUT_OF_MEMORY,FAILED",
    "OOM,FAILED",
    "BOOT_FAIL,FAILED",
    "BF,FAILED",
    "DEADLINE,TIMEOUT",
    "DL,TIMEOUT",
    "SUSPENDED,SUSPENDED",
    "S,SUSPENDED",
    "STOPPED,SUSPENDED",
    "ST,SUSPENDED",
    "REQUEUED,PENDING",
    "RQ,PENDING",
    "REQUEUE_HOLD,PENDING",
    "RH,PENDING",
    "REQUEUE_FED,PENDING",
    "RF,PENDING",
    "SPECIAL_EXIT,PENDING",
    "SE,PENDING",
    "RESV_DEL_HOLD,PENDING",
    "RD,PENDING",
    "RESIZING,RUNNING",
    "RS,RUNNING",
    "CONFIGURING,RUNNING",
    "CF,RUNNING",
    "SIGNALING,RUNNING",
    "SI,RUNNING",
    "STAGE_OUT,COMPLETING",
    "SO,COMPLETING",
    "REVOKED,CANCELLED",
    "RV,CANCELLED",
    "running,RUNNING",
    "' PENDING ',PENDING",
    "BOGUS,UNKNOWN",
    "'',UNKNOWN",
    "'?',UNKNOWN"
  })
  void mapsEverySlurmState(String raw, JobState expected) {
    assertThat(SlurmJobStates.normalize(raw)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "COMPLETED,true",
    "FAILED,true",
    "CANCELLED,true",
    "TIMEOUT,true",
    "PENDING,false",
    "RUNNING,false",
    "COMPLETING,false",
    "SUSPENDED,false",
    "UNKNOWN,false",
    "SUBMITTED,false"
  })
  void onlyEndedStatesAreTerminal(JobState state, boolean terminal) {
    assertThat(state.terminal()).isEqualTo(terminal);
  }
}
