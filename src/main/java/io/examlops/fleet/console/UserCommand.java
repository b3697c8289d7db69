package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.access.ConsoleUser;
import io.examlops.fleet.model.access.Role;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code exa console user add|remove|passwd|list}. Passwords never come from the command line: from
 * the terminal (asked twice), from standard input (one line), or from a file.
 */
@Command(
    name = "user",
    mixinStandardHelpOptions = true,
    description = "Manage the console's users (roles admin and viewer).",
    subcommands = {
      UserCommand.Add.class,
      UserCommand.Remove.class,
      UserCommand.Passwd.class,
      UserCommand.SetRole.class,
      UserCommand.ListUsers.class
    })
final class UserCommand implements Runnable {
  @ParentCommand ConsoleCommand console;
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  Fleet fleet() {
    return console.fleet();
  }

  /** A role as given on the command line; refused naming the option or parameter {@code role}. */
  static Role role(String text) {
    try {
      return Role.parse(text);
    } catch (FleetException e) {
      throw e.about("role");
    }
  }

  /** Runs {@code use} with the password read, then wipes it from memory. */
  static <T> T withPassword(Path file, String user, java.util.function.Function<char[], T> use) {
    char[] password = password(file, user);
    try {
      return use.apply(password);
    } finally {
      Arrays.fill(password, '\0');
    }
  }

  /** More than any password and its newline: a password is at most 72 bytes. */
  private static final long MAX_PASSWORD_FILE_BYTES = 4096;

  /** Reads a password from a file, the terminal or standard input; never from argv. */
  static char[] password(Path file, String user) {
    if (file != null) {
      // Type and size first: a FIFO would block the read, /dev/zero never end it.
      if (!Files.isRegularFile(file)) {
        throw FleetException.invalid(
            "--password-file "
                + Printable.quoted(file.toString())
                + " is not a regular file (missing, a directory, a device, a FIFO or a socket);"
                + " nothing was read: give a file holding the password on one line");
      }
      try {
        if (Files.size(file) > MAX_PASSWORD_FILE_BYTES) {
          throw FleetException.invalid(
              "--password-file "
                  + Printable.quoted(file.toString())
                  + " is "
                  + Files.size(file)
                  + " bytes, more than a password file holds; nothing was read: give a file"
                  + " holding the password on one line");
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return text.strip().toCharArray();
      } catch (IOException e) {
        throw FleetException.invalid(
            "--password-file "
                + Printable.quoted(file.toString())
                + " cannot be read ("
                + Printable.quoted(String.valueOf(e.getMessage()))
                + ")");
      }
    }
    Console terminal = System.console();
    if (terminal != null) {
      char[] first = terminal.readPassword("Password for %s: ", user);
      char[] second = terminal.readPassword("Again: ");
      if (first == null || !Arrays.equals(first, second)) {
        throw FleetException.invalid("the two passwords differ; nothing was changed");
      }
      Arrays.fill(second, '\0');
      return first;
    }
    try {
      String line =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      if (line == null) {
        throw FleetException.invalid(
            "no password given: type it at the prompt, send it on standard input, or pass"
                + " --password-file FILE");
      }
      return line.toCharArray();
    } catch (IOException e) {
      throw FleetException.invalid("cannot read the password from standard input: " + e);
    }
  }

  /**
   * What each {@code exa console user} subcommand stands on: the console's access service, acting
   * for the command line, and the output it says what it did on.
   */
  @Command
  abstract static class UserSubcommand implements Callable<Integer> {
    @ParentCommand UserCommand users;
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    AccessService access() {
      return users.fleet().access();
    }

    Actor actor() {
      return users.console.actor(Actor.CLI);
    }

    void say(String line) {
      spec.commandLine().getOut().println(line);
    }
  }

  /** A subcommand about one user, whose name comes first on its command line. */
  @Command
  abstract static class OneUserSubcommand extends UserSubcommand {
    @Parameters(index = "0", paramLabel = "NAME")
    String name;
  }

  /** {@code --password-file}, for the subcommands that set a password. */
  static final class PasswordFileOption {
    @Option(
        names = "--password-file",
        paramLabel = "FILE",
        description = "Read the password from this file (else the terminal or standard input).")
    Path file;
  }

  @Command(name = "add", mixinStandardHelpOptions = true, description = "Add a user.")
  static final class Add extends OneUserSubcommand {
    @Option(
        names = "--role",
        defaultValue = "viewer",
        paramLabel = "ROLE",
        description = "admin or viewer (default: ${DEFAULT-VALUE}).")
    String role;

    @Mixin PasswordFileOption passwordFile;

    @Override
    public Integer call() {
      Role parsed = role(role);
      ConsoleUser user =
          withPassword(passwordFile.file, name, p -> access().addUser(actor(), name, parsed, p));
      say("Added " + user.name() + " (" + user.role().label() + ")");
      return 0;
    }
  }

  @Command(
      name = "remove",
      mixinStandardHelpOptions = true,
      description =
          "Remove a user: its console sessions end and its API tokens are revoked (the last"
              + " admin stays).")
  static final class Remove extends OneUserSubcommand {
    @Override
    public Integer call() {
      access().removeUser(actor(), name);
      say("Removed " + name + "; its tokens are revoked");
      return 0;
    }
  }

  @Command(
      name = "passwd",
      mixinStandardHelpOptions = true,
      description =
          "Set a user's password: its console sessions end and its API tokens are revoked.")
  static final class Passwd extends OneUserSubcommand {
    @Mixin PasswordFileOption passwordFile;

    @Override
    public Integer call() {
      // An unknown user is said before a password is asked for (it would be asked in vain).
      access().requireUser(name);
      withPassword(
          passwordFile.file,
          name,
          p -> {
            access().setPassword(actor(), name, p);
            return null;
          });
      say("Password of " + name + " changed; its sessions ended, its tokens are revoked");
      return 0;
    }
  }

  @Command(
      name = "role",
      mixinStandardHelpOptions = true,
      description =
          "Give a user another role: its console sessions end and its API tokens are revoked"
              + " (the last admin stays an admin).")
  static final class SetRole extends OneUserSubcommand {
    @Parameters(index = "1", paramLabel = "ROLE", description = "admin or viewer.")
    String role;

    @Override
    public Integer call() {
      Role parsed = role(role);
      ConsoleUser user = access().setRole(actor(), name, parsed);
      say(
          user.name()
              + " is "
              + user.role().label()
              + "; its sessions ended, its tokens are revoked");
      return 0;
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List the users.")
  static final class ListUsers extends UserSubcommand {
    @Override
    public Integer call() {
      for (ConsoleUser u : access().users()) {
        say(
            u.name()
                + "\t"
                + u.role().label()
                + "\tcreated "
                + io.examlops.fleet.json.FleetJson.instant(u.createdAt())
                + " by "
                + u.createdBy());
      }
      return 0;
    }
  }
}
