package io.examlops.fleet.cli;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code exa completion bash|zsh}: the shell completion script picocli generates from the whole
 * command tree. One script serves both shells: under zsh it loads bash's completion system ({@code
 * bashcompinit}) itself.
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Print the shell completion script for exa: commands, subcommands and options complete on"
          + " TAB.",
      "bash: source <(exa completion bash)  (or save it under"
          + " ~/.local/share/bash-completion/completions/exa)",
      "zsh:  source <(exa completion zsh)  (in ~/.zshrc, after compinit)"
    })
final class CompletionCommand extends FleetCommand {
  /** The shells the script is for. */
  enum Shell {
    bash,
    zsh
  }

  @Parameters(index = "0", paramLabel = "SHELL", description = "bash or zsh.")
  Shell shell;

  @Override
  public Integer call() {
    output().out().print(AutoComplete.bash("exa", CommandTree.complete(exa())));
    output().out().flush();
    return ExitCode.OK;
  }
}
