package io.examlops.fleet.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The process's logging, set up in code: every line to stderr (stdout belongs to command output and
 * to the MCP protocol) at {@code EXAMLOPS_LOG_LEVEL}, default WARN. Logback finds it as a service;
 * configuring in code spares each start-up the XML parser and configuration model (about a fifth
 * of a registry command's start-up). {@code -Dlogback.configurationFile} still takes over.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_NORMAL_PRIORITY)
public final class StderrLogging extends ContextAwareBase implements Configurator {
  static final String LEVEL_VARIABLE = "EXAMLOPS_LOG_LEVEL";

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (System.getProperty("logback.configurationFile") != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%d{HH:mm:ss.SSS} %-5level %logger{20} - %msg%n");
    encoder.start();
    ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
    stderr.setContext(context);
    stderr.setName("STDERR");
    stderr.setTarget("System.err");
    stderr.setEncoder(encoder);
    stderr.start();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.toLevel(System.getenv(LEVEL_VARIABLE), Level.WARN));
    root.addAppender(stderr);
    // sqlite-jdbc's loader reports, with a stack trace, what it recovers from itself (an earlier
    // copy of its library it could not delete, a location it falls back from); a library it
    // cannot load at all still fails the command with a located error.
    context.getLogger("org.sqlite.SQLiteJDBCLoader").setLevel(Level.OFF);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }
}
