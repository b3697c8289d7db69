package io.examlops.fleet.console.notify;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * A small SMTP client (RFC 5321) on the JDK's sockets, for one message per session: EHLO, STARTTLS
 * with the server's certificate and host name checked (unless the settings allow clear text to a
 * server on this machine), AUTH PLAIN when a user is set (only over TLS or to this machine), MAIL
 * FROM, RCPT TO, DATA with dot-stuffing, QUIT. Every line ends in CRLF; no line of the server's is
 * read past {@value #MAX_LINE} bytes. Its failures name the server and the step, never the
 * password.
 */
final class SmtpClient {
  static final int MAX_LINE = 2_048;

  private final NotifySettings.Mail settings;
  private final SSLSocketFactory tls;
  private final String helo;

  SmtpClient(NotifySettings.Mail settings, SSLSocketFactory tls, String helo) {
    this.settings = settings;
    this.tls = tls;
    this.helo = helo;
  }

  /** Thrown with the step and the server's answer (or what broke). */
  static final class SmtpException extends IOException {
    private static final long serialVersionUID = 1L;

    SmtpException(String message) {
      super(message);
    }
  }

  /** Sends {@code message} (headers and body, any line ends) from {@code from} to {@code to}. */
  void send(String from, List<String> to, String message) throws IOException {
    int timeout = (int) settings.timeout().toMillis();
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(settings.host(), settings.port()), timeout);
      socket.setSoTimeout(timeout);
      Session s = new Session(socket);
      s.expect("greeting", 220);
      List<String> extensions = s.ehlo();
      if (settings.starttls()) {
        if (!has(extensions, "STARTTLS")) {
          throw new SmtpException(
              "the server offers no STARTTLS: mail to it is refused in clear (starttls: false is"
                  + " allowed for a server on this machine only)");
        }
        s.command("STARTTLS", "STARTTLS", 220);
        socket = startTls(socket);
        s = new Session(socket);
        extensions = s.ehlo();
      }
      if (settings.user() != null) {
        authenticate(s, extensions);
      }
      s.command("MAIL FROM:<" + from + ">", "MAIL FROM", 250);
      for (String rcpt : to) {
        s.command("RCPT TO:<" + rcpt + ">", "RCPT TO " + rcpt, 250, 251);
      }
      s.command("DATA", "DATA", 354);
      s.write(dotStuffed(message));
      s.expect("the end of the message", 250);
      try {
        s.command("QUIT", "QUIT", 221);
      } catch (IOException e) {
        // The message was accepted: a server that closes without a goodbye changes nothing.
      }
    } catch (SocketTimeoutException e) {
      throw new SmtpException("no answer within " + settings.timeout().toSeconds() + " s");
    } finally {
      try {
        socket.close();
      } catch (IOException e) {
        // Closing: nothing more to say.
      }
    }
  }

  private Socket startTls(Socket plain) throws IOException {
    SSLSocket socket = (SSLSocket) tls.createSocket(plain, settings.host(), settings.port(), true);
    SSLParameters parameters = socket.getSSLParameters();
    // The server's certificate must name the host the settings name, as a browser checks.
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    socket.setSSLParameters(parameters);
    socket.setSoTimeout(plain.getSoTimeout());
    socket.startHandshake();
    return socket;
  }

  private void authenticate(Session s, List<String> extensions) throws IOException {
    String auth =
        extensions.stream()
            .filter(e -> e.toUpperCase(Locale.ROOT).startsWith("AUTH "))
            .findFirst()
            .orElseThrow(
                () ->
                    new SmtpException(
                        "the server offers no AUTH: remove mail.user if it takes mail without"
                            + " it"));
    if (!Arrays.asList(auth.toUpperCase(Locale.ROOT).split(" ")).contains("PLAIN")) {
      throw new SmtpException("the server offers " + auth + ", not PLAIN");
    }
    byte[] user = settings.user().getBytes(StandardCharsets.UTF_8);
    ByteBuffer password = StandardCharsets.UTF_8.encode(CharBuffer.wrap(settings.password()));
    byte[] plain = new byte[user.length + password.remaining() + 2];
    System.arraycopy(user, 0, plain, 1, user.length);
    password.get(plain, user.length + 2, password.remaining());
    Arrays.fill(password.array(), (byte) 0);
    String encoded = Base64.getEncoder().encodeToString(plain);
    Arrays.fill(plain, (byte) 0);
    // The step is named without its argument: the line holds the password.
    s.command("AUTH PLAIN " + encoded, "AUTH PLAIN as " + settings.user(), 235);
  }

  private static boolean has(List<String> extensions, String keyword) {
    return extensions.stream()
        .anyMatch(e -> e.toUpperCase(Locale.ROOT).split(" ")[0].equals(keyword));
  }

  /**
   * The message as DATA sends it: every line ending in CRLF, a line that starts with a dot given
   * one more, and the closing dot line.
   */
  static byte[] dotStuffed(String message) {
    String normalized = message.replace("\r\n", "\n").replace('\r', '\n');
    if (normalized.endsWith("\n")) {
      normalized = normalized.substring(0, normalized.length() - 1);
    }
    StringBuilder out = new StringBuilder(normalized.length() + 64);
    for (String line : normalized.split("\n", -1)) {
      if (line.startsWith(".")) {
        out.append('.');
      }
      out.append(line).append("\r\n");
    }
    out.append(".\r\n");
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** One connection's commands and replies. */
  private final class Session {
    private final InputStream in;
    private final OutputStream out;

    Session(Socket socket) throws IOException {
      this.in = socket.getInputStream();
      this.out = socket.getOutputStream();
    }

    List<String> ehlo() throws IOException {
      List<String> lines = command("EHLO " + helo, "EHLO", 250);
      // The first line greets; the others are the extensions.
      return lines.subList(1, lines.size());
    }

    List<String> command(String line, String step, int... accepted) throws IOException {
      if (line.indexOf('\r') >= 0 || line.indexOf('\n') >= 0) {
        throw new SmtpException(step + ": a command cannot hold a line break");
      }
      write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
      return expect(step, accepted);
    }

    void write(byte[] bytes) throws IOException {
      out.write(bytes);
      out.flush();
    }

    /** The reply's text lines; refused unless its code is one of {@code accepted}. */
    List<String> expect(String step, int... accepted) throws IOException {
      List<String> lines = new ArrayList<>();
      int code;
      while (true) {
        String line = readLine(step);
        if (line.length() < 3 || !line.substring(0, 3).chars().allMatch(Character::isDigit)) {
          throw new SmtpException(
              step + ": " + settings.host() + " answered what is not SMTP: " + printable(line));
        }
        code = Integer.parseInt(line.substring(0, 3));
        lines.add(line.length() > 4 ? line.substring(4) : "");
        if (line.length() < 4 || line.charAt(3) != '-') {
          break;
        }
        if (lines.size() > 100) {
          throw new SmtpException(step + ": " + settings.host() + " answered more than 100 lines");
        }
      }
      for (int ok : accepted) {
        if (code == ok) {
          return lines;
        }
      }
      throw new SmtpException(
          step
              + ": "
              + settings.host()
              + " answered "
              + code
              + " "
              + printable(String.join(" ", lines)));
    }

    private String readLine(String step) throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      while (true) {
        int b = in.read();
        if (b == -1) {
          throw new SmtpException(step + ": " + settings.host() + " closed the connection");
        }
        if (b == '\n') {
          break;
        }
        if (line.size() >= MAX_LINE) {
          throw new SmtpException(
              step + ": " + settings.host() + " answered a line over " + MAX_LINE + " bytes");
        }
        line.write(b);
      }
      String text = line.toString(StandardCharsets.UTF_8);
      return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }
  }

  private static String printable(String text) {
    String cut = text.length() > 200 ? text.substring(0, 200) + "..." : text;
    return cut.replaceAll("\\p{Cntrl}", "?");
  }
}
