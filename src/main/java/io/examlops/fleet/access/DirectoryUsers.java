package io.examlops.fleet.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's directory and what it last said of each signed-in user, kept for {@code
 * checkInterval} so that reading pages does not ask it at every request; a question that must be
 * answered now (a decision, any change) asks it again. A directory that cannot be asked leaves
 * nothing behind: the next question asks again.
 */
final class DirectoryUsers {
  /** The longest name looked up: longer ones sign nobody in. */
  static final int MAX_NAME = 64;

  /** More users than this are pruned of answers past their interval. */
  private static final int MAX_KEPT = 10_000;

  private record Answer(Optional<Directory.Entry> entry, Instant at) {}

  private final Directory directory;
  private final Clock clock;
  private final Duration checkInterval;
  private final ConcurrentHashMap<String, Answer> answers = new ConcurrentHashMap<>();

  DirectoryUsers(Directory directory, Clock clock, Duration checkInterval) {
    this.directory = directory;
    this.clock = clock;
    this.checkInterval = checkInterval;
  }

  Directory directory() {
    return directory;
  }

  /** The user this name and password sign in as (see {@link Directory#authenticate}). */
  Optional<Directory.Entry> authenticate(String name, char[] password) {
    Optional<Directory.Entry> entry = directory.authenticate(name, password);
    entry.ifPresent(e -> keep(e.name(), Optional.of(e)));
    return entry;
  }

  /**
   * What the directory says of this user: asked now when {@code now} is set or its last answer is
   * older than the interval, else that answer.
   */
  Optional<Directory.Entry> lookUp(String name, boolean now) {
    Answer kept = answers.get(key(name));
    if (!now && kept != null && clock.instant().isBefore(kept.at().plus(checkInterval))) {
      return kept.entry();
    }
    Optional<Directory.Entry> entry = directory.lookUp(name);
    keep(name, entry);
    return entry;
  }

  private void keep(String name, Optional<Directory.Entry> entry) {
    Instant at = clock.instant();
    if (answers.size() > MAX_KEPT) {
      answers.values().removeIf(a -> !at.isBefore(a.at().plus(checkInterval)));
    }
    answers.put(key(name), new Answer(entry, at));
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
