package io.examlops.fleet.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Base of every leaf command: access to the shared context and the output. */
@Command
abstract class FleetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  Exa exa() {
    return (Exa) spec.root().userObject();
  }

  Output output() {
    return new Output(exa().json, spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
