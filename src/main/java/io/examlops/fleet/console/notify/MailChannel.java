package io.examlops.fleet.console.notify;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.SSLSocketFactory;

/**
 * Mails each notification as plain text: the subject names the event and the cluster, the body says
 * what happened, by whom, and links to the console's page. A header value never holds a line break
 * (a message with one is refused, not sent): nothing an event carries can add a header or a
 * recipient.
 */
final class MailChannel implements Channel {
  static final String SUBJECT_PREFIX = "[HPC Fleet] ";

  private final NotifySettings.Mail settings;
  private final String console;
  private final Clock clock;
  private final SmtpClient smtp;
  private final String domain;

  MailChannel(NotifySettings.Mail settings, String console, Clock clock, SSLSocketFactory tls) {
    this.settings = settings;
    this.console = console;
    this.clock = clock;
    this.domain = settings.from().substring(settings.from().indexOf('@') + 1);
    this.smtp = new SmtpClient(settings, tls, heloName());
  }

  @Override
  public String name() {
    return "mail";
  }

  @Override
  public void deliver(List<Notification> batch, int omitted, String id) throws DeliveryException {
    String subject;
    String body;
    if (batch.size() == 1 && omitted == 0) {
      Notification n = batch.get(0);
      subject = SUBJECT_PREFIX + n.title();
      body = n.text() + (n.link() == null ? "" : "\n\n" + n.link()) + signature();
    } else {
      int count = batch.size() + omitted;
      subject = SUBJECT_PREFIX + count + " notifications (rate limit reached)";
      StringBuilder text =
          new StringBuilder(
              count
                  + " notifications came while this address was sent its limit of messages a"
                  + " minute; here they are in one mail:\n");
      for (Notification n : batch) {
        text.append("\n- ").append(n.at()).append(": ").append(n.title());
        if (n.link() != null) {
          text.append("\n  ").append(n.link());
        }
      }
      if (omitted > 0) {
        text.append("\n\nand ").append(omitted).append(" more, not listed: see the audit trail.");
      }
      body = text + signature();
    }
    String message;
    try {
      message = message(subject, body, id);
    } catch (IllegalArgumentException e) {
      throw new DeliveryException("not sent: " + e.getMessage());
    }
    try {
      smtp.send(settings.from(), settings.to(), message);
    } catch (SmtpClient.SmtpException e) {
      throw failure(e.getMessage());
    } catch (javax.net.ssl.SSLException e) {
      throw failure("STARTTLS failed: " + e.getMessage());
    } catch (IOException e) {
      throw failure(
          e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }
  }

  private DeliveryException failure(String why) {
    return new DeliveryException(
        "mail through " + settings.host() + ":" + settings.port() + ": " + why);
  }

  private String signature() {
    return "\n\n-- \nHPC Fleet console" + (console == null ? "" : " " + console) + "\n";
  }

  /** The whole message: headers, a blank line, the body (base64 when it is not all ASCII). */
  String message(String subject, String body, String id) {
    StringBuilder m = new StringBuilder();
    header(
        m,
        "Date",
        DateTimeFormatter.RFC_1123_DATE_TIME.format(clock.instant().atOffset(ZoneOffset.UTC)));
    header(m, "From", settings.from());
    to(m, settings.to());
    subject(m, subject);
    header(m, "Message-ID", "<" + id + "@" + domain + ">");
    header(m, "Auto-Submitted", "auto-generated");
    header(m, "MIME-Version", "1.0");
    header(m, "Content-Type", "text/plain; charset=UTF-8");
    boolean ascii = body.chars().allMatch(c -> c < 0x80);
    if (ascii) {
      header(m, "Content-Transfer-Encoding", "7bit");
      m.append("\r\n").append(wrapped(body));
    } else {
      header(m, "Content-Transfer-Encoding", "base64");
      m.append("\r\n")
          .append(
              Base64.getMimeEncoder()
                  .encodeToString(body.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8)))
          .append("\r\n");
    }
    return m.toString();
  }

  /** A header line; a value with a line break (or any control character) is refused. */
  static void header(StringBuilder m, String name, String value) {
    if (value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw new IllegalArgumentException(
          "the " + name + " header would hold a line break or control character");
    }
    m.append(name).append(": ").append(value).append("\r\n");
  }

  /** The recipients, folded onto lines of their own when one line would be long. */
  private static void to(StringBuilder m, List<String> to) {
    for (String address : to) {
      header(new StringBuilder(), "To", address);
    }
    String line = String.join(", ", to);
    m.append("To: ").append(line.length() > 900 ? String.join(",\r\n ", to) : line).append("\r\n");
  }

  /** The subject as it is, or as RFC 2047 encoded words when it is not all ASCII. */
  static void subject(StringBuilder m, String subject) {
    if (subject.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw new IllegalArgumentException("the Subject header would hold a line break");
    }
    m.append("Subject: ").append(encoded(subject)).append("\r\n");
  }

  /**
   * A subject as it is when all ASCII, else as encoded words of at most 75 characters (RFC 2047),
   * each of whole characters, on folded lines.
   */
  static String encoded(String subject) {
    if (subject.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw new IllegalArgumentException("the Subject header would hold a line break");
    }
    if (subject.chars().allMatch(c -> c < 0x80)) {
      return subject;
    }
    List<String> words = new java.util.ArrayList<>();
    StringBuilder chunk = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < subject.length(); ) {
      int cp = subject.codePointAt(i);
      String c = new String(Character.toChars(cp));
      int size = c.getBytes(StandardCharsets.UTF_8).length;
      if (bytes + size > 45) {
        words.add(word(chunk.toString()));
        chunk.setLength(0);
        bytes = 0;
      }
      chunk.append(c);
      bytes += size;
      i += Character.charCount(cp);
    }
    words.add(word(chunk.toString()));
    return String.join("\r\n ", words);
  }

  private static String word(String text) {
    return "=?UTF-8?B?"
        + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8))
        + "?=";
  }

  /** Body lines of at most 998 characters, as SMTP requires. */
  private static String wrapped(String body) {
    StringBuilder out = new StringBuilder(body.length() + 16);
    for (String line : body.split("\r?\n", -1)) {
      while (line.length() > 998) {
        out.append(line, 0, 998).append("\r\n");
        line = line.substring(998);
      }
      out.append(line).append("\r\n");
    }
    return out.toString();
  }

  private static String heloName() {
    try {
      String name = InetAddress.getLocalHost().getHostName();
      if (name.matches("[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?") && name.contains(".")) {
        return name;
      }
    } catch (IOException e) {
      // No name: say the address class of this machine.
    }
    return "localhost";
  }
}
