package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where a job's output is read: its own cluster, another one that sees the files, or a mount. */
class OutputPlaceTest {
  private static final SchedulerKind SLURM = SlurmAdapter.KIND;

  private static ClusterDefinition rest(String... settings) {
    Map<String, String> map = new LinkedHashMap<>();
    map.put("rest_url", "https://slurm.example.org:6820");
    map.put("rest_token_file", "/etc/fleet/token");
    for (int i = 0; i < settings.length; i += 2) {
      map.put(settings[i], settings[i + 1]);
    }
    return ClusterDefinition.rest("api", SLURM, "ann", null, map);
  }

  @Test
  void aClusterReachedThroughAShellIsReadThroughItsOwnConnection() {
    OutputPlace place = OutputPlace.of(ClusterDefinition.local("here", SLURM), "~/examlops-4.out");
    assertThat(place).isEqualTo(new OutputPlace(OutputPlace.Way.CLUSTER, null, "~/examlops-4.out"));
  }

  @Test
  void anApiClusterWithoutAWayToReadFilesSaysWhereTheOutputIsAndHowToReadIt() {
    assertThatThrownBy(() -> OutputPlace.of(rest(), "/home/ann/examlops-4.out"))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("cluster 'api'")
        .hasMessageContaining("https://slurm.example.org:6820")
        .hasMessageContaining("/home/ann/examlops-4.out")
        .hasMessageContaining("rest_output_via")
        .hasMessageContaining("rest_output_mount");
  }

  @Test
  void throughAnotherClusterTheFileIsNamedAsOnTheCluster() {
    assertThat(OutputPlace.of(rest("rest_output_via", "login"), "/home/ann/examlops-4.out"))
        .isEqualTo(new OutputPlace(OutputPlace.Way.VIA, "login", "/home/ann/examlops-4.out"));
  }

  @Test
  void fromAMountTheFileIsNamedWhereItIsMountedAndAFileOutsideItIsRefused() {
    ClusterDefinition mounted = rest("rest_output_mount", "/home/=/mnt/hpc/home");
    assertThat(OutputPlace.of(mounted, "/home/ann/examlops-4.out"))
        .isEqualTo(
            new OutputPlace(OutputPlace.Way.MOUNT, null, "/mnt/hpc/home/ann/examlops-4.out"));
    assertThatThrownBy(() -> OutputPlace.of(mounted, "/homework/ann/x.out"))
        .hasMessageContaining("/homework/ann/x.out")
        .hasMessageContaining("not under /home, the directory rest_output_mount mounts at")
        .hasMessageContaining("/mnt/hpc/home");
    assertThat(OutputPlace.of(rest("rest_output_mount", "/=/mnt/hpc"), "/scratch/1.out").path())
        .isEqualTo("/mnt/hpc/scratch/1.out");
  }

  @Test
  void aPathRecordedRelativeCannotBeFoundAndSaysSo() {
    assertThatThrownBy(() -> OutputPlace.of(rest("rest_output_via", "login"), "~/examlops-4.out"))
        .hasMessageContaining("relative to the job directory")
        .hasMessageContaining("rest_workdir");
  }

  @Test
  void aBadWayIsRefusedInTheEntryWithHowToWriteIt() {
    assertThatThrownBy(() -> rest("rest_output_mount", "/home"))
        .hasMessageContaining("CLUSTER_DIR=LOCAL_DIR");
    assertThatThrownBy(() -> rest("rest_output_mount", "/home=../mnt"))
        .hasMessageContaining("absolute directories without '..'");
    assertThatThrownBy(() -> rest("rest_output_via", "Login Node"))
        .hasMessageContaining("rest_output_via")
        .hasMessageContaining("cluster name");
    assertThatThrownBy(
            () -> rest("rest_output_via", "login", "rest_output_mount", "/home=/mnt/home"))
        .hasMessageContaining("keep one");
    assertThatThrownBy(() -> rest("rest_output_via", "api")).hasMessageContaining("through itself");
  }
}
