package io.examlops.fleet.access;

import io.examlops.fleet.model.access.Credential;
import java.time.Instant;

/**
 * A user the OpenID Provider signed in: what its session stands on, and when the ID token it signed
 * in with expires (its session ends then, or sooner).
 */
public record ProviderSignIn(Credential credential, Instant expiresAt) {}
