package io.examlops.fleet.cli;

import picocli.CommandLine.Option;

/**
 * {@code --for USER} of approve and reject: a decision recorded for an admin who made it elsewhere.
 */
final class OnBehalfOption {
  @Option(
      names = "--for",
      paramLabel = "USER",
      description =
          "Decide for this console admin, who decided in another system (the Jenkins user who"
              + " clicked in the governance job), through the console of $EXAMLOPS_SERVER with a"
              + " token that holds the on-behalf scope; needs --expect (what was shown to them)."
              + " Audited as USER via $EXAMLOPS_SURFACE, vouched for by the token.")
  String user;
}
