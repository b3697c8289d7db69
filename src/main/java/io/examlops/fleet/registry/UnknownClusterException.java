package io.examlops.fleet.registry;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.Hint;

/** A command named a cluster that neither clusters.yaml nor platform.db knows. */
public final class UnknownClusterException extends RegistryException {
  private static final long serialVersionUID = 1L;

  public UnknownClusterException(String name, java.util.Collection<String> known) {
    super(
        ErrorKind.UNKNOWN_CLUSTER,
        "no cluster named '"
            + name
            + "'"
            + (known.isEmpty()
                ? "; none is registered yet"
                : "; registered: " + String.join(", ", known)),
        known.isEmpty() ? Hint.of(Hint.Action.CONNECT) : null,
        null);
  }
}
