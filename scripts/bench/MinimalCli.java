import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The practical floor of a Java command line: the same picocli as exa, on the same JVM, with a
 * root command, one group and one leaf that prints a line. Compiled and run by
 * scripts/bench/startup.sh; not part of the product.
 */
@Command(
    name = "minimal",
    mixinStandardHelpOptions = true,
    version = "minimal 1.0",
    subcommands = MinimalCli.Hpc.class)
public class MinimalCli implements Runnable {
  public static void main(String[] args) {
    System.exit(new CommandLine(new MinimalCli()).execute(args));
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  @Command(name = "hpc", mixinStandardHelpOptions = true, subcommands = Clusters.class)
  static class Hpc implements Runnable {
    @Override
    public void run() {
      CommandLine.usage(this, System.out);
    }
  }

  @Command(name = "clusters", mixinStandardHelpOptions = true)
  static class Clusters implements Callable<Integer> {
    @Override
    public Integer call() {
      System.out.println("NAME  STATE");
      return 0;
    }
  }
}
