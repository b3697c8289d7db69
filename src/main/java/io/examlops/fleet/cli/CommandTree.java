package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.console.ConsoleCommand;
import io.examlops.fleet.mcp.McpCommand;
import java.time.Clock;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * exa's commands, each made a full picocli command only when the command line names it.
 *
 * <p>picocli reflects over every option, field and method of each command it is given, and the
 * types in their signatures load with them: for the whole tree that was most of a short command's
 * start-up. A subcommand that no argument names cannot run, so it gets a stub instead, holding only
 * what its parent's help lists (name, header, description, hidden) and read from its
 * {@code @Command} alone. An argument that only happens to equal a command's name (an option's
 * value, say) builds that command for nothing, which is harmless, so every argument counts,
 * wherever it stands. Argument files ({@code @file}) hide what they name: then the whole tree is
 * built. And where the line reaches a command without subcommands of the tree's through its group
 * words alone ({@code hpc clusters ...}), nothing beside that path is ever asked for, so it gets no
 * stubs at all: each stub was a {@code CommandLine} of its own, about a tenth of such a command's
 * start-up (docs/performance.md, "Start-up").
 */
final class CommandTree {
  private record Node(Class<?> type, Supplier<?> command, List<Node> children) {
    String name() {
      return type.getAnnotation(Command.class).name();
    }
  }

  private CommandTree() {}

  /** The command line for {@code args}: full commands on their path, stubs beside it. */
  static CommandLine forArguments(Exa exa, String[] args) {
    Set<String> named = new HashSet<>(Arrays.asList(args));
    boolean argumentFile = named.stream().anyMatch(a -> a.startsWith("@"));
    Node root = root(exa);
    return build(root, name -> argumentFile || named.contains(name), !leadsToALeaf(root, args));
  }

  /** Every command built in full, as picocli would build them from annotations. */
  static CommandLine complete(Exa exa) {
    return build(root(exa), name -> true, true);
  }

  /**
   * The whole tree as its help texts describe it, with no environment: what the man pages and the
   * kept usage ({@link KeptUsage}) are written from.
   */
  static CommandLine documented() {
    return complete(new Exa(Map.of(), Clock.systemUTC(), Fleet::of));
  }

  /**
   * Whether the words before the first command without subcommands in the tree name that command's
   * path, with nothing else among them but {@code --json}: then picocli reaches that command and
   * never prints a group's usage or looks for a misspelt command among a group's subcommands (help
   * options, {@code --}, an argument file, an unknown option or word before it all lead there). The
   * groups' options take no value, so every other word is a command's name.
   */
  private static boolean leadsToALeaf(Node root, String[] args) {
    Node at = root;
    for (String arg : args) {
      if (at.children().isEmpty()) {
        return true;
      }
      if (arg.equals("--json")) {
        continue;
      }
      Optional<Node> next = at.children().stream().filter(c -> c.name().equals(arg)).findFirst();
      if (next.isEmpty()) {
        return false;
      }
      at = next.get();
    }
    return at.children().isEmpty();
  }

  private static Node root(Exa exa) {
    return node(
        Exa.class,
        () -> exa,
        node(
            HpcCommand.class,
            HpcCommand::new,
            node(DetectCommand.class, DetectCommand::new),
            node(NodesCommand.class, NodesCommand::new),
            node(GpusCommand.class, GpusCommand::new),
            node(ConnectCommand.class, ConnectCommand::new),
            node(ReprobeCommand.class, ReprobeCommand::new),
            node(ClustersCommand.class, ClustersCommand::new),
            node(ApproveCommand.class, ApproveCommand::new),
            node(RejectCommand.class, RejectCommand::new),
            node(ReviewCommand.class, ReviewCommand::new),
            node(EnvCommand.class, EnvCommand::new),
            node(AuditCommand.class, AuditCommand::new),
            node(PlaceCommand.class, PlaceCommand::new),
            node(QueueCommand.class, QueueCommand::new),
            node(PreflightCommand.class, PreflightCommand::new),
            node(SubmitCommand.class, SubmitCommand::new),
            node(JobsCommand.class, JobsCommand::new),
            node(CancelCommand.class, CancelCommand::new),
            node(DetachCommand.class, DetachCommand::new),
            node(LogsCommand.class, LogsCommand::new),
            node(CapacityCommand.class, CapacityCommand::new)),
        // their own subcommands come from their annotations, built when they are
        node(PipelineCommand.class, PipelineCommand::new),
        node(CompletionCommand.class, CompletionCommand::new),
        node(AgentCommand.class, AgentCommand::new),
        node(ConsoleCommand.class, () -> new ConsoleCommand(exa.env, exa.clock, exa::fleet)),
        node(McpCommand.class, () -> new McpCommand(exa.env, exa.clock, exa::fleet)));
  }

  private static <T> Node node(Class<T> type, Supplier<T> command, Node... children) {
    return new Node(type, command, List.of(children));
  }

  private static CommandLine build(Node node, Predicate<String> named, boolean stubs) {
    CommandLine line = new CommandLine(node.command().get());
    for (Node child : node.children()) {
      if (named.test(child.name())) {
        line.addSubcommand(build(child, named, stubs));
      } else if (stubs) {
        line.addSubcommand(stub(child.type()));
      }
    }
    return line;
  }

  private static CommandLine stub(Class<?> type) {
    Command command = type.getAnnotation(Command.class);
    CommandSpec spec = CommandSpec.create().name(command.name()).aliases(command.aliases());
    spec.usageMessage()
        .header(command.header())
        .description(command.description())
        .hidden(command.hidden());
    return new CommandLine(spec);
  }
}
