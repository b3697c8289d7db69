package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.examlops.fleet.fuzz.FuzzInput;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.nio.file.Path;

/**
 * Coverage-guided fuzzing of clusters.yaml (docs/reliability.md): reading it, and the tool's own
 * edit of what it read (update the first entry, append a new one). The only failure allowed is a
 * {@link ClustersFileException} (file:line: problem; fix); anything else thrown, a hang, a memory
 * blow-up, or an edit whose result does not read back is a finding. Seeds:
 * ClustersYamlFuzzTestInputs/, from the shapes the registry tests use.
 */
class ClustersYamlFuzzTest {
  private static final Path FILE = Path.of("/fuzz/clusters.yaml");
  private static final ClusterDefinition ADDED =
      ClusterDefinition.ssh(
          "fuzz-added", SlurmAdapter.KIND, "login.example.org", "hpc", null, 2222, null);

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void clustersYaml(byte[] data) {
    ClustersYaml.Document document;
    try {
      document = ClustersYaml.parse(FuzzInput.text(data), FILE);
    } catch (ClustersFileException e) {
      assertThat(e.getMessage()).startsWith(FILE.toString());
      return;
    }
    assertThat(document.definitions()).hasSameSizeAs(document.entries());
    edit(document, ADDED);
    if (!document.entries().isEmpty()) {
      ClusterDefinition first = document.definitions().get(0);
      edit(document, ClusterDefinition.local(first.name(), FluxAdapter.KIND));
    }
  }

  private static void edit(ClustersYaml.Document document, ClusterDefinition definition) {
    String edited;
    try {
      edited = ClustersYamlEditor.upsert(document, definition, FILE);
    } catch (ClustersFileException e) {
      assertThat(e.getMessage()).startsWith(FILE.toString());
      return;
    }
    assertThat(ClustersYaml.parse(edited, FILE).definitions()).contains(definition);
  }
}
