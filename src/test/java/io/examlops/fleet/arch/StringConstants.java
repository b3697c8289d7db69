package io.examlops.fleet.arch;

import com.tngtech.archunit.core.domain.JavaClass;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The string constants a compiled class holds (its constant pool's {@code CONSTANT_String}
 * entries): every literal of its code, the recipes of its string concatenations and the values of
 * its {@code static final String}s. ArchUnit reads types, members and calls, not literals; the
 * rules on what messages say read them here.
 */
final class StringConstants {
  private StringConstants() {}

  static List<String> of(JavaClass type) {
    try (InputStream in = type.getSource().orElseThrow().getUri().toURL().openStream()) {
      return read(new DataInputStream(in));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the class file of " + type.getName(), e);
    }
  }

  private static List<String> read(DataInputStream in) throws IOException {
    in.skipNBytes(8); // magic, minor and major version
    int count = in.readUnsignedShort();
    Map<Integer, String> utf8 = new HashMap<>();
    List<Integer> strings = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8.put(i, in.readUTF());
        case 8 -> strings.add(in.readUnsignedShort());
        case 7, 16, 19, 20 -> in.skipNBytes(2);
        case 15 -> in.skipNBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
        case 5, 6 -> {
          in.skipNBytes(8);
          i++; // a long or double takes two entries
        }
        default -> throw new IOException("constant pool tag " + tag + " is unknown");
      }
    }
    return strings.stream().map(utf8::get).toList();
  }
}
