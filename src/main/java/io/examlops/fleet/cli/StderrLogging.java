package io.examlops.fleet.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.pattern.TargetLengthBasedClassNameAbbreviator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.examlops.fleet.settings.Variables;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The process's logging, set up in code: every line to stderr (stdout belongs to command output and
 * to the MCP protocol) at {@code EXAMLOPS_LOG_LEVEL}, default WARN. Logback finds it as a service;
 * configuring in code, with a fixed line layout, spares each start-up the XML parser, the
 * configuration model and the pattern language (about 600 classes, a fifth of a registry command's
 * start-up). {@code -Dlogback.configurationFile} still takes over.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_NORMAL_PRIORITY)
public final class StderrLogging extends ContextAwareBase implements Configurator {
  static final String LEVEL_VARIABLE = Variables.LOG_LEVEL;

  // sqlite-jdbc's loader reports, with a stack trace, what it recovers from itself (an earlier
  // copy of its library it could not delete, a location it falls back from); a library it cannot
  // load at all still fails the command with a located error.
  private static final String SILENCED = "org.sqlite.SQLiteJDBCLoader";

  /**
   * The least level that a logger of this name shows: {@code EXAMLOPS_LOG_LEVEL} (default WARN),
   * none for the silenced loader and the loggers below it. {@link LazyLogging} asks it without
   * starting logback.
   */
  static Level threshold(String logger) {
    return logger.equals(SILENCED) || logger.startsWith(SILENCED + ".") ? Level.OFF : rootLevel();
  }

  private static Level rootLevel() {
    return Level.toLevel(System.getenv(LEVEL_VARIABLE), Level.WARN);
  }

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (System.getProperty("logback.configurationFile") != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    Line layout = new Line();
    layout.setContext(context);
    layout.start();
    LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
    encoder.setContext(context);
    encoder.setLayout(layout);
    encoder.start();
    ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
    stderr.setContext(context);
    stderr.setName("STDERR");
    stderr.setTarget("System.err");
    stderr.setEncoder(encoder);
    stderr.start();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(rootLevel());
    root.addAppender(stderr);
    context.getLogger(SILENCED).setLevel(threshold(SILENCED));
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** {@code HH:mm:ss.SSS LEVEL logger - message}, then the stack trace of a thrown exception. */
  static final class Line extends LayoutBase<ILoggingEvent> {
    private final TargetLengthBasedClassNameAbbreviator abbreviator =
        new TargetLengthBasedClassNameAbbreviator(20);

    @Override
    public String doLayout(ILoggingEvent event) {
      StringBuilder line = new StringBuilder(128);
      line.append(Time.FORMAT.format(Instant.ofEpochMilli(event.getTimeStamp()))).append(' ');
      line.append(String.format("%-5s", event.getLevel())).append(' ');
      line.append(abbreviator.abbreviate(event.getLoggerName())).append(" - ");
      line.append(event.getFormattedMessage()).append('\n');
      if (event.getThrowableProxy() != null) {
        line.append(ThrowableProxyUtil.asString(event.getThrowableProxy()));
      }
      return line.toString();
    }
  }

  /** Built on the first line logged, not at every start-up. */
  private static final class Time {
    static final DateTimeFormatter FORMAT =
        DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());
  }
}
