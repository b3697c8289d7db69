package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.scheduler.flux.FluxAccounting.Status;
import io.examlops.fleet.transport.CommandResult;
import org.junit.jupiter.api.Test;

class FluxAccountingTest {

  private static FluxAccounting classify(int rc, String stdout, String stderrFixture) {
    String stderr = stderrFixture == null ? "" : FluxFixtures.read("account/" + stderrFixture);
    return FluxAccounting.classify(
        new CommandResult(FluxCommands.ACCOUNTING, rc, stdout, stderr, false));
  }

  @Test
  void notInstalled() {
    FluxAccounting a = classify(1, "", "account-list-banks.stderr.txt");
    assertThat(a.status()).isEqualTo(Status.NOT_INSTALLED);
    assertThat(a.present()).isFalse();
    assertThat(a.detail()).contains("is not a flux command");
  }

  @Test
  void installedButServiceNotRunning() {
    FluxAccounting a = classify(1, "", "acct-view-user-noservice.stderr.txt");
    assertThat(a.status()).isEqualTo(Status.SERVICE_NOT_RUNNING);
    assertThat(a.present()).isFalse();
  }

  @Test
  void answering() {
    FluxAccounting a = classify(0, FluxFixtures.read("account/acct-list-banks.txt"), null);
    assertThat(a.status()).isEqualTo(Status.ANSWERING);
    assertThat(a.present()).isTrue();
  }

  @Test
  void otherFailuresAreNotPresenceAndKeepTheLastStderrLine() {
    FluxAccounting a = classify(2, "", "acct-installed-noarg.stderr.txt");
    assertThat(a.status()).isEqualTo(Status.QUERY_FAILED);
    assertThat(a.present()).isFalse();
    assertThat(a.detail()).startsWith("flux-account.py: error:");
  }
}
