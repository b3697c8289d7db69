package io.examlops.fleet.model.access;

/** A token just created: the only time its secret is seen. */
public record IssuedToken(ApiToken token, String secret) {
  @Override
  public String toString() {
    return "IssuedToken[token=" + token + ", secret=(not shown)]";
  }
}
