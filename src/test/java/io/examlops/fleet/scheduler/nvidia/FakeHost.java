package io.examlops.fleet.scheduler.nvidia;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link NvidiaCommands#HOST_REPORT} in a real {@code /bin/sh} with stand-ins for {@code
 * nvidia-smi}, {@code hostname} and {@code nproc} on the PATH that print captured outputs. The
 * stdout it returns is what the probe would read from such a host, markers and all.
 */
final class FakeHost {
  private final Map<String, String> outputs = new LinkedHashMap<>();
  private final Map<String, Integer> exits = new LinkedHashMap<>();
  private boolean withNvidiaSmi = true;

  /** Answers {@code nvidia-smi} runs of one kind: query, apps, list or xml. */
  FakeHost answer(String kind, int exit, String output) {
    outputs.put(kind, output);
    exits.put(kind, exit);
    return this;
  }

  FakeHost withoutNvidiaSmi() {
    withNvidiaSmi = false;
    return this;
  }

  String report() {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("fake-gpu-host");
      script(dir, "hostname", "echo gpu-node-7");
      script(dir, "nproc", "echo 64");
      if (withNvidiaSmi) {
        script(
            dir,
            "nvidia-smi",
            """
            d=$(dirname "$0")
            case "$1" in
              --query-gpu=*) k=query ;;
              --query-compute-apps=*) k=apps ;;
              -L) k=list ;;
              -q) k=xml ;;
              *) echo "fake nvidia-smi: unexpected $*" >&2; exit 99 ;;
            esac
            [ -f "$d/$k.out" ] && cat "$d/$k.out"
            exit "$(cat "$d/$k.rc" 2>/dev/null || echo 0)"
            """);
        for (var e : outputs.entrySet()) {
          Files.writeString(dir.resolve(e.getKey() + ".out"), e.getValue());
          Files.writeString(dir.resolve(e.getKey() + ".rc"), exits.get(e.getKey()).toString());
        }
      }
      ProcessBuilder shell =
          new ProcessBuilder("/bin/sh", "-c", NvidiaCommands.HOST_REPORT)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .directory(dir.toFile());
      // The stand-ins come first; a missing nvidia-smi stays missing (none on this machine).
      shell.environment().put("PATH", dir + ":/usr/bin:/bin");
      Process p = shell.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("fake host report did not finish");
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } finally {
      delete(dir);
    }
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
      Files.delete(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void script(Path dir, String name, String body) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    file.toFile().setExecutable(true);
  }
}
