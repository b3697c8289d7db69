package io.examlops.fleet.access;

import java.net.URI;

/**
 * A sign-in with the OpenID Provider under way: where the browser goes to sign in there, and what
 * the console keeps until the provider sends the browser back (the state it must return, the nonce
 * its ID token must carry, the PKCE verifier of the code). Kept by the console, never given to the
 * browser but {@link #location()}.
 */
public final class ProviderRequest {
  private final URI location;
  private final String state;
  private final String nonce;
  private final String verifier;
  private final URI redirectUri;
  private final OpenIdProvider.Metadata metadata;

  ProviderRequest(
      URI location,
      String state,
      String nonce,
      String verifier,
      URI redirectUri,
      OpenIdProvider.Metadata metadata) {
    this.location = location;
    this.state = state;
    this.nonce = nonce;
    this.verifier = verifier;
    this.redirectUri = redirectUri;
    this.metadata = metadata;
  }

  /** The provider's authorization endpoint, with this sign-in's parameters. */
  public URI location() {
    return location;
  }

  /** What the provider must send back with the browser: this sign-in's, and no other's. */
  public String state() {
    return state;
  }

  String nonce() {
    return nonce;
  }

  String verifier() {
    return verifier;
  }

  URI redirectUri() {
    return redirectUri;
  }

  OpenIdProvider.Metadata metadata() {
    return metadata;
  }

  @Override
  public String toString() {
    return "ProviderRequest[" + metadata.issuer() + "]";
  }
}
