package io.examlops.fleet.transport;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Decides which TLS certificate an API server may present: the pinned one only, whatever signed it
 * and whatever host name it names (the pin is what an admin approved), or without a pin one the
 * JDK's trusted authorities vouch for, for the host asked. Remembers the certificate it was shown,
 * refused or not, so that a refusal can say what was presented and {@code connect} can record it.
 */
final class PinnedTrust extends X509ExtendedTrustManager {
  private final String pinned;
  private final X509ExtendedTrustManager authorities;
  private volatile String presented;

  PinnedTrust(String pinned) {
    this.pinned = pinned;
    this.authorities = pinned == null ? authorities() : null;
  }

  /** The fingerprint of the last certificate a server presented; {@code null} before any. */
  String presented() {
    return presented;
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
      throws CertificateException {
    verify(chain, () -> authorities.checkServerTrusted(chain, authType, engine));
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
      throws CertificateException {
    verify(chain, () -> authorities.checkServerTrusted(chain, authType, socket));
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType)
      throws CertificateException {
    verify(chain, () -> authorities.checkServerTrusted(chain, authType));
  }

  /** A check of the JDK's trust manager, which may refuse the chain. */
  @FunctionalInterface
  private interface AuthoritiesCheck {
    void run() throws CertificateException;
  }

  /** The pin alone decides when there is one; otherwise the authorities, after remembering. */
  private void verify(X509Certificate[] chain, AuthoritiesCheck byAuthorities)
      throws CertificateException {
    if (pinned == null) {
      remember(chain);
      byAuthorities.run();
    } else {
      check(chain);
    }
  }

  private void check(X509Certificate[] chain) throws CertificateException {
    String shown = remember(chain);
    if (!pinned.equals(shown)) {
      throw new CertificateException(
          "the server presented TLS certificate " + shown + ", not the pinned " + pinned);
    }
  }

  private String remember(X509Certificate[] chain) throws CertificateException {
    if (chain == null || chain.length == 0) {
      throw new CertificateException("the server presented no certificate");
    }
    presented = KeyFingerprint.ofBytes(chain[0].getEncoded());
    return presented;
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
      throws CertificateException {
    throw new CertificateException("a client never checks clients");
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
      throws CertificateException {
    throw new CertificateException("a client never checks clients");
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType)
      throws CertificateException {
    throw new CertificateException("a client never checks clients");
  }

  @Override
  public X509Certificate[] getAcceptedIssuers() {
    return pinned == null ? authorities.getAcceptedIssuers() : new X509Certificate[0];
  }

  private static X509ExtendedTrustManager authorities() {
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init((KeyStore) null);
      return Arrays.stream(factory.getTrustManagers())
          .filter(X509ExtendedTrustManager.class::isInstance)
          .map(X509ExtendedTrustManager.class::cast)
          .findFirst()
          .orElseThrow();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK's default trust store cannot be read", e);
    }
  }
}
