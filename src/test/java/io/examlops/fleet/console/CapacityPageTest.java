package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.governance.ApproveRequest;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Capacity page's GPU-hours per model, on a real console and platform.db: each model's jobs
 * over the fleet, counted as a cluster's are.
 */
class CapacityPageTest {
  @TempDir Path dir;
  private ConsoleFixture console;

  @BeforeEach
  void start() {
    console = new ConsoleFixture(dir, "alpha", "beta");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("alpha"));
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
  }

  @AfterEach
  void stop() {
    console.close();
  }

  @Test
  void eachModelsGpuHoursAndCostAreCountedOverTheFleetAsAClustersAre() throws Exception {
    job("alpha", "llama", "COMPLETED", 2.0);
    job("beta", "llama", "COMPLETED", 1.25);
    job("alpha", "bert", "RUNNING", null);
    job("alpha", "bert", "COMPLETED", 0.5);
    job("beta", "vit", "SUBMITTED", null); // not confirmed by its scheduler yet: not counted
    job("alpha", null, "FAILED", 1.5);

    Document page =
        Jsoup.parse(new History.Browser(console, ConsoleFixture.VIEWER).get("/capacity").body());

    assertThat(page.select("#by-model tbody tr").eachText())
        .containsExactly(
            "(none) 1 1.50 3.75",
            "bert 2 0.50 + 1 job unknown 1.25 (at least)",
            "llama 2 3.25 8.13");
  }

  /** A job as any program may write it, straight into platform.db. */
  private void job(String cluster, String model, String state, Double gpuHours) throws Exception {
    try (var c =
            DriverManager.getConnection("jdbc:sqlite:" + console.env.get("EXAMLOPS_PLATFORM_DB"));
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO hpc_jobs (cluster, name, model, state, submitted_by, submitted_at,"
                    + " gpu_hours) VALUES (?, 'train', ?, ?, 'ann', '2026-01-01T00:00:00.000Z',"
                    + " ?)")) {
      s.setString(1, cluster);
      s.setString(2, model);
      s.setString(3, state);
      s.setObject(4, gpuHours);
      s.executeUpdate();
    }
  }
}
