package io.examlops.fleet.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.LogbackServiceProvider;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Marker;
import org.slf4j.helpers.AbstractLogger;
import org.slf4j.helpers.BasicMDCAdapter;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.spi.LocationAwareLogger;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * SLF4J's binding for a short command: loggers that know from {@link StderrLogging#threshold} which
 * levels they show, and start logback, configured by {@link StderrLogging} as ever, on the first
 * line that gets through. Most commands log nothing, and starting logback in every process was
 * about a tenth of a registry-only command's CPU (docs/performance.md, "Start-up"); what is logged
 * reaches stderr exactly as before. The console and the MCP server, which run for long and log
 * through their libraries too, bind logback directly ({@link Exa#prepareProcess}).
 */
public final class LazyLogging implements SLF4JServiceProvider {
  /**
   * This class's name, a constant: naming the binding must not load it (nor the SLF4J types it
   * implements) in a command that logs nothing at all, such as {@code --version}.
   */
  static final String NAME = "io.examlops.fleet.cli.LazyLogging";

  private final ILoggerFactory loggers = Deferred::new;
  private final IMarkerFactory markers = new BasicMarkerFactory();
  private final MDCAdapter mdc = new BasicMDCAdapter();

  @Override
  public ILoggerFactory getLoggerFactory() {
    return loggers;
  }

  @Override
  public IMarkerFactory getMarkerFactory() {
    return markers;
  }

  @Override
  public MDCAdapter getMDCAdapter() {
    return mdc;
  }

  @Override
  public String getRequestedApiVersion() {
    return "2.0.99";
  }

  @Override
  public void initialize() {
    // Nothing until the first line: that is the point.
  }

  /** A logger that answers level checks itself and hands each line it lets through to logback. */
  private static final class Deferred extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;
    private final transient Level threshold;

    Deferred(String name) {
      this.name = name;
      this.threshold = StderrLogging.threshold(name);
    }

    private boolean shows(Level level) {
      return level.isGreaterOrEqual(threshold);
    }

    @Override
    public boolean isTraceEnabled() {
      return shows(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
      return shows(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
      return shows(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
      return shows(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
      return shows(Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
      return AbstractLogger.class.getName();
    }

    @Override
    protected void handleNormalizedLoggingCall(
        org.slf4j.event.Level level,
        Marker marker,
        String pattern,
        Object[] arguments,
        Throwable thrown) {
      ((LocationAwareLogger) Logback.LOGGERS.getLogger(name))
          .log(marker, getFullyQualifiedCallerName(), level.toInt(), pattern, arguments, thrown);
    }
  }

  /** Logback, started (and configured by {@link StderrLogging}) when the first line is logged. */
  private static final class Logback {
    static final ILoggerFactory LOGGERS = start();

    private static ILoggerFactory start() {
      LogbackServiceProvider logback = new LogbackServiceProvider();
      logback.initialize();
      return logback.getLoggerFactory();
    }
  }
}
