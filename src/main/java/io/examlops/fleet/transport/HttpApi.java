package io.examlops.fleet.transport;

import io.examlops.fleet.model.ApiSettings;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;

/**
 * Requests to one cluster's HTTP API over one HTTP client, whose connections every request in the
 * process shares (see {@link SharedRunners}). The TLS certificate is checked by {@link
 * PinnedTrust}; headers (the credential among them) are the caller's and never logged.
 */
public final class HttpApi {
  /** Renew a cached token this long before it expires, so that none expires in flight. */
  private static final java.time.Duration RENEW_BEFORE = java.time.Duration.ofSeconds(60);

  private final ApiTarget target;
  private final PinnedTrust trust;

  /** {@code null} for a Unix socket, which the JDK's client cannot reach. */
  private final HttpClient client;

  private final AtomicInteger requests;
  private final java.util.concurrent.ConcurrentMap<String, Token> tokens;
  private final Acting acting;
  private final java.util.concurrent.atomic.AtomicReference<String> negotiated;

  /**
   * A token minted for one cluster user.
   *
   * @param user whom it acts as
   * @param value the token itself: a secret
   * @param expires when the server stops taking it
   */
  public record Token(String user, String value, java.time.Instant expires) {
    @Override
    public String toString() {
      return "token for " + user + " until " + expires; // never the value
    }
  }

  /**
   * Whom the requests of one unit of work are for.
   *
   * @param fleetUser the fleet's user who asked (a console or CLI user, or {@code token:NAME})
   * @param clusterUser whom that user acts as on the cluster; {@code null} when none is mapped
   * @param minted where tokens minted for this unit of work are reported, to be audited
   */
  public record Acting(
      String fleetUser, String clusterUser, java.util.function.Consumer<Token> minted) {}

  public HttpApi(ApiTarget target) {
    this.target = target;
    this.requests = new AtomicInteger();
    this.tokens = new java.util.concurrent.ConcurrentHashMap<>();
    this.acting = null;
    this.negotiated = new java.util.concurrent.atomic.AtomicReference<>();
    this.trust = new PinnedTrust(target.certificate());
    if (ApiSettings.isSocket(target.url().toString())) {
      this.client = null; // a socket is spoken to by UnixSocketHttp, one connection per request
      return;
    }
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(target.options().connectTimeout());
    if (target.url().getScheme().equalsIgnoreCase("https")) {
      builder.sslContext(context(trust));
    }
    this.client = builder.build();
  }

  private HttpApi(HttpApi shared, Acting acting) {
    this.target = shared.target;
    this.trust = shared.trust;
    this.client = shared.client;
    this.requests = shared.requests;
    this.tokens = shared.tokens;
    this.acting = acting;
    this.negotiated = shared.negotiated;
  }

  /**
   * The API version requests use: the one the target pins, else the one chosen from the server's
   * offer by {@code negotiate}, asked once per client.
   */
  public String version(java.util.function.Supplier<String> negotiate) {
    if (target.version() != null) {
      return target.version();
    }
    return negotiated.updateAndGet(known -> known != null ? known : negotiate.get());
  }

  /** The same API, its connections and tokens shared, for requests made for {@code acting}. */
  public HttpApi actingFor(Acting acting) {
    return new HttpApi(this, java.util.Objects.requireNonNull(acting, "acting"));
  }

  /** Whom this unit of work is for; empty for the fleet's own reads (probes, following). */
  public java.util.Optional<Acting> acting() {
    return java.util.Optional.ofNullable(acting);
  }

  /**
   * A token for {@code user}: the one minted before while it has more than a minute left, else a
   * new one from {@code mint}, reported to {@link Acting#minted} to be audited.
   */
  public Token token(
      String user, java.time.Instant now, java.util.function.Function<String, Token> mint) {
    Token cached = tokens.get(user);
    if (cached != null && cached.expires().minus(RENEW_BEFORE).isAfter(now)) {
      return cached;
    }
    Token minted = mint.apply(user);
    tokens.put(user, minted);
    if (acting != null) {
      acting.minted().accept(minted);
    }
    return minted;
  }

  public ApiTarget target() {
    return target;
  }

  /** The TLS certificate the server last presented (accepted or not); empty over plain http. */
  public Optional<String> presentedCertificate() {
    return Optional.ofNullable(trust.presented());
  }

  /** How many requests were sent, for benchmarks. */
  public int requestsSent() {
    return requests.get();
  }

  /**
   * Sends one request and returns whatever status came back; a server that cannot be reached, a
   * refused certificate or no answer in time is a {@link TransportException} naming the request.
   *
   * @param path under the API's root, starting with {@code /}
   * @param body a JSON body, or {@code null} for none
   */
  public ApiReply send(String method, String path, String body, Map<String, String> headers) {
    if (ApiSettings.isSocket(target.url().toString())) {
      return overSocket(method, path, body, headers);
    }
    URI uri = URI.create(stripSlash(target.url().toString()) + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(target.options().commandTimeout())
            .header("Accept", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    headers.forEach(request::header);
    requests.incrementAndGet();
    String what = method + " " + path;
    try {
      HttpResponse<InputStream> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      String text = readCapped(response.body(), what);
      return new ApiReply(
          method,
          path,
          response.statusCode(),
          response.headers().firstValue("Content-Type").orElse(""),
          text);
    } catch (HttpConnectTimeoutException e) {
      throw failure(TransportException.Step.TIMEOUT, what, "no connection within " + seconds(true));
    } catch (HttpTimeoutException e) {
      throw failure(TransportException.Step.TIMEOUT, what, "no answer within " + seconds(false));
    } catch (SSLHandshakeException e) {
      String presented = trust.presented();
      throw new TransportException(
          label(),
          TransportException.Step.HOST_KEY,
          what
              + ": the TLS certificate was refused ("
              + rootCause(e)
              + ")"
              + (target.certificate() == null && presented != null
                  ? "; if you checked that the server's certificate is " + presented + ", pin it"
                  : ""),
          e);
    } catch (ConnectException e) {
      throw failure(
          TransportException.Step.CONNECT,
          what,
          "nothing answers at " + hostPort() + ": is the API server running, is the URL right?");
    } catch (IOException e) {
      if (rootCauseOf(e) instanceof UnknownHostException) {
        throw failure(
            TransportException.Step.RESOLVE, what, "unknown host " + target.url().getHost());
      }
      throw failure(TransportException.Step.CONNECT, what, rootCause(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure(TransportException.Step.TIMEOUT, what, "interrupted");
    }
  }

  /** {@link #send} to a server listening on a Unix domain socket of this machine. */
  private ApiReply overSocket(
      String method, String path, String body, Map<String, String> headers) {
    String what = method + " " + path;
    java.nio.file.Path socket = java.nio.file.Path.of(target.url().getPath());
    requests.incrementAndGet();
    try {
      UnixSocketHttp.Answer answer =
          UnixSocketHttp.exchange(
              socket,
              method,
              path,
              body,
              headers,
              target.options().commandTimeout(),
              target.options().maxOutputBytes());
      return new ApiReply(
          method,
          path,
          answer.status(),
          answer.contentType(),
          readCapped(new java.io.ByteArrayInputStream(answer.body()), what));
    } catch (java.nio.channels.AsynchronousCloseException e) {
      throw failure(TransportException.Step.TIMEOUT, what, "no answer within " + seconds(false));
    } catch (ConnectException e) {
      boolean absent = !java.nio.file.Files.exists(socket);
      throw failure(
          TransportException.Step.CONNECT,
          what,
          absent
              ? "no socket at " + socket + ": is the API server running, is the path right?"
              : "nothing answers on the socket "
                  + socket
                  + " ("
                  + rootCause(e)
                  + "): is the API server running, and may this account use the socket?");
    } catch (IOException e) {
      throw failure(
          TransportException.Step.COMMAND,
          what,
          "the answer on the socket " + socket + " was cut or is not HTTP: " + rootCause(e));
    }
  }

  private String readCapped(InputStream in, String what) throws IOException {
    try (in) {
      byte[] bytes = in.readNBytes(target.options().maxOutputBytes() + 1);
      if (bytes.length > target.options().maxOutputBytes()) {
        throw failure(
            TransportException.Step.COMMAND,
            what,
            "the answer is larger than "
                + target.options().maxOutputBytes()
                + " bytes, the most the runner keeps");
      }
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  private TransportException failure(TransportException.Step step, String what, String why) {
    return new TransportException(label(), step, what + ": " + why);
  }

  private String label() {
    return target.label();
  }

  private String hostPort() {
    URI url = target.url();
    int port = url.getPort() != -1 ? url.getPort() : url.getScheme().equals("https") ? 443 : 80;
    return url.getHost() + ":" + port;
  }

  private String seconds(boolean connect) {
    var d = connect ? target.options().connectTimeout() : target.options().commandTimeout();
    return d.toMillis() / 1000.0 + " s";
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  private static Throwable rootCauseOf(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  private static String rootCause(Throwable e) {
    Throwable t = rootCauseOf(e);
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
  }

  private static SSLContext context(PinnedTrust trust) {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new javax.net.ssl.TrustManager[] {trust}, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK offers no TLS", e);
    }
  }
}
