package io.examlops.fleet.registry;

/** A command named a cluster that neither clusters.yaml nor platform.db knows. */
public final class UnknownClusterException extends RegistryException {
  private static final long serialVersionUID = 1L;

  public UnknownClusterException(String name, java.util.Collection<String> known) {
    super(
        "no cluster named '"
            + name
            + "'"
            + (known.isEmpty()
                ? "; none is registered yet (exa hpc connect HOST --name NAME)"
                : "; registered: " + String.join(", ", known)));
  }
}
