package io.ringsim.ring;

import java.util.Locale;

/** The partitioners by name, as a command line or cassandra.yaml would give them. */
public final class Partitioners {
  private Partitioners() {}

  public static Partitioner byName(String name) {
    String n = name.trim();
    int dot = n.lastIndexOf('.');
    if (dot >= 0) n = n.substring(dot + 1);
    switch (n.toLowerCase(Locale.ROOT)) {
      case "murmur3", "murmur3partitioner":
        return Murmur3Partitioner.INSTANCE;
      case "random", "randompartitioner":
        return RandomPartitioner.INSTANCE;
      case "byteordered", "byteorderedpartitioner":
        return ByteOrderedPartitioner.INSTANCE;
      default:
        throw new IllegalArgumentException(
            "unknown partitioner '" + name + "' (expected murmur3, random or byteordered)");
    }
  }
}
