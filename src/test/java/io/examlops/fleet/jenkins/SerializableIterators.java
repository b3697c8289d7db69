package io.examlops.fleet.jenkins;

import java.io.Serializable;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Iterators a program can be saved with, as Jenkins Pipeline gives a {@code for (x in list)} loop
 * (workflow-cps' {@code IteratorHack}): groovy-cps alone iterates with the collection's own
 * iterator, which cannot be saved when a step runs inside the loop. Used as a Groovy category while
 * the program runs, as Jenkins uses it.
 */
public final class SerializableIterators {
  private SerializableIterators() {}

  /** Walks the list itself by position, as a list's own iterator does. */
  public static <T> Iterator<T> iterator(List<T> self) {
    return new Walk<>(self);
  }

  /** A map's entries, as at the loop's start. */
  public static <K, V> Iterator<Map.Entry<K, V>> iterator(Map<K, V> self) {
    List<Map.Entry<K, V>> entries = new ArrayList<>();
    self.forEach((k, v) -> entries.add(new AbstractMap.SimpleEntry<>(k, v)));
    return new Walk<>(entries);
  }

  /** A set's members, as at the loop's start. */
  public static <T> Iterator<T> iterator(Set<T> self) {
    return new Walk<>(new ArrayList<>(self));
  }

  private static final class Walk<T> implements Iterator<T>, Serializable {
    private final List<T> list;
    private int next;

    Walk(List<T> list) {
      this.list = list;
    }

    @Override
    public boolean hasNext() {
      return next < list.size();
    }

    @Override
    public T next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return list.get(next++);
    }
  }
}
