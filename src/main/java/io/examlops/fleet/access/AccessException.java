package io.examlops.fleet.access;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.registry.RegistryException;

/**
 * A user or token that is not there ({@link ErrorKind#UNKNOWN_USER}, or a bad request for a token
 * id), or one that would clash with what is there ({@link ErrorKind#CONFLICT}).
 */
public final class AccessException extends RegistryException {
  AccessException(ErrorKind kind, String message) {
    super(kind, message, null, null);
  }
}
