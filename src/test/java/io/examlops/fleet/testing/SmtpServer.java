package io.examlops.fleet.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real SMTP server on a free loopback port: Debian's aiosmtpd, run by the system's Python, saving
 * what it receives in a Maildir the test reads. Missing packages fail the test with how to install
 * them (never a skip).
 */
public final class SmtpServer implements AutoCloseable {
  static final Path PYTHON = Path.of("/usr/bin/python3");

  private final Process process;
  private final int port;
  private final Path maildir;
  private final StringBuffer output = new StringBuffer();

  private SmtpServer(List<String> command, Map<String, String> env, int port, Path maildir)
      throws IOException {
    this.port = port;
    this.maildir = maildir;
    // Python's Maildir makes its folders only where nothing is yet: made here, whatever is there.
    for (String sub : new String[] {"tmp", "new", "cur"}) {
      Files.createDirectories(maildir.resolve(sub));
    }
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    this.process = builder.start();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                  output.append(line).append('\n');
                }
              } catch (IOException e) {
                // The server stopped.
              }
            },
            "smtp-server-output");
    reader.setDaemon(true);
    reader.start();
    try {
      Eventually.waitUntil(
          "the SMTP server to accept connections",
          () -> {
            if (!process.isAlive()) {
              throw new AssertionError("the SMTP server ended: " + output);
            }
            return accepts();
          });
    } catch (AssertionError e) {
      process.destroy();
      throw new AssertionError("the SMTP server did not start: " + output, e);
    }
  }

  /** aiosmtpd's own command, with its Mailbox handler: no TLS, no AUTH. */
  public static SmtpServer plain(Path maildir) throws IOException {
    requireAiosmtpd();
    int port = freePort();
    return new SmtpServer(
        List.of(
            PYTHON.toString(),
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            "127.0.0.1:" + port,
            "-c",
            "aiosmtpd.handlers.Mailbox",
            maildir.toString()),
        Map.of(),
        port,
        maildir);
  }

  /**
   * aiosmtpd requiring STARTTLS with {@code cert} and {@code key} (PEM), then AUTH as {@code user}
   * with {@code password}; each message records the login it came under (X-Authenticated-As).
   */
  public static SmtpServer startTlsWithAuth(
      Path maildir, Path cert, Path key, String user, String password) throws IOException {
    requireAiosmtpd();
    Path script = maildir.resolveSibling("smtp-starttls-auth.py");
    try (var in = SmtpServer.class.getResourceAsStream("smtp-starttls-auth.py")) {
      Files.write(script, in.readAllBytes());
    }
    int port = freePort();
    return new SmtpServer(
        List.of(
            PYTHON.toString(),
            script.toString(),
            Integer.toString(port),
            maildir.toString(),
            cert.toString(),
            key.toString(),
            user),
        Map.of("SMTP_TEST_PASSWORD", password),
        port,
        maildir);
  }

  /**
   * A self-signed certificate for 127.0.0.1 and localhost, made by openssl: {@code cert.pem} and
   * {@code key.pem} in {@code dir}.
   */
  public static void certificate(Path dir) throws IOException, InterruptedException {
    Process openssl =
        new ProcessBuilder(
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                "/CN=localhost",
                "-addext",
                "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-keyout",
                dir.resolve("key.pem").toString(),
                "-out",
                dir.resolve("cert.pem").toString())
            .redirectErrorStream(true)
            .start();
    String said = new String(openssl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (openssl.waitFor() != 0) {
      throw new AssertionError("openssl could not make a certificate: " + said);
    }
  }

  private static void requireAiosmtpd() throws IOException {
    try {
      Process check =
          new ProcessBuilder(PYTHON.toString(), "-c", "import aiosmtpd")
              .redirectErrorStream(true)
              .start();
      if (check.waitFor() == 0) {
        return;
      }
    } catch (IOException e) {
      // Reported below.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new AssertionError(
        PYTHON
            + " with aiosmtpd is missing: install Debian's python3-aiosmtpd"
            + " (bash scripts/testbed/install-packages.sh, as root)");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private boolean accepts() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public int port() {
    return port;
  }

  /** Every message delivered so far, oldest first, as it was stored. */
  public List<Mail> messages() {
    Path fresh = maildir.resolve("new");
    if (!Files.isDirectory(fresh)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(fresh)) {
      List<Path> sorted =
          files
              .sorted(
                  (a, b) -> {
                    try {
                      return Files.getLastModifiedTime(a).compareTo(Files.getLastModifiedTime(b));
                    } catch (IOException e) {
                      throw new UncheckedIOException(e);
                    }
                  })
              .toList();
      List<Mail> mails = new ArrayList<>();
      for (Path f : sorted) {
        mails.add(Mail.parse(Files.readString(f, StandardCharsets.UTF_8)));
      }
      return mails;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits until {@code count} messages were delivered; returns them all. */
  public List<Mail> await(int count) {
    Eventually.waitUntil(count + " mail(s) delivered", () -> messages().size() >= count);
    return messages();
  }

  /** What the server said, for a failure's message. */
  public String output() {
    return output.toString();
  }

  @Override
  public void close() {
    process.destroy();
    try {
      process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A stored message: its headers (first of each name, case as written) and body. */
  public record Mail(Map<String, String> headers, String body, String raw) {
    static Mail parse(String raw) {
      String text = raw.replace("\r\n", "\n");
      int split = text.indexOf("\n\n");
      String head = split < 0 ? text : text.substring(0, split);
      String body = split < 0 ? "" : text.substring(split + 2);
      Map<String, String> headers = new LinkedHashMap<>();
      String name = null;
      for (String line : head.split("\n")) {
        if ((line.startsWith(" ") || line.startsWith("\t")) && name != null) {
          headers.merge(name, line.strip(), (a, b) -> a + " " + b);
          continue;
        }
        int colon = line.indexOf(':');
        if (colon > 0) {
          name = line.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
          headers.putIfAbsent(name, line.substring(colon + 1).strip());
        }
      }
      return new Mail(headers, body, raw);
    }

    /** A header by its name, any case. */
    public String header(String name) {
      return headers.get(name.toLowerCase(java.util.Locale.ROOT));
    }
  }
}
