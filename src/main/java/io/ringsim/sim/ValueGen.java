package io.ringsim.sim;

import io.ringsim.schema.CqlType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Generates a column's values for a workload: keys that show the seeds' lessons (UUIDs spread evenly, a few zip
 * codes skew, a hot key dominates) and row contents. Every draw takes the workload's seeded random source.
 */
public sealed interface ValueGen {

  /** The generator a workload uses for a column it names none for: keys unique, text short, timestamps now. */
  static ValueGen defaultFor(io.ringsim.schema.ColumnDef c) {
    if (c.isPrimaryKey()) {
      return c.type().name().equals("uuid") || c.type().name().equals("timeuuid") ? new RandomUuid()
          : new Sequential();
    }
    return switch (c.type().name()) {
      case "text", "varchar", "ascii" -> new Text(8, 24);
      case "timestamp" -> new Now();
      default -> new Uniform(1_000_000);
    };
  }

  /**
   * A value of {@code type} from {@code g}: for a collection, one to three elements (and map values) drawn from it,
   * each as a value of the element's type.
   */
  public static Object draw(ValueGen g, SplittableRandom rng, long n, long nowMillis, CqlType type) {
    if (type instanceof io.ringsim.schema.collection.SetType st) {
      java.util.Set<Object> s = st.newSet();
      for (int i = 1 + rng.nextInt(3); i > 0; i--) s.add(g.next(rng, n, nowMillis, st.element()));
      return s;
    }
    if (type instanceof io.ringsim.schema.collection.ListType lt) {
      List<Object> l = new java.util.ArrayList<>();
      for (int i = 1 + rng.nextInt(3); i > 0; i--) l.add(g.next(rng, n, nowMillis, lt.element()));
      return l;
    }
    if (type instanceof io.ringsim.schema.collection.MapType mt) {
      java.util.Map<Object, Object> m = mt.newMap();
      for (int i = 1 + rng.nextInt(3); i > 0; i--) {
        m.put(g.next(rng, n, nowMillis, mt.key()), g.next(rng, n, nowMillis, mt.value()));
      }
      return m;
    }
    return g.next(rng, n, nowMillis, type);
  }

  /** The n-th value drawn (n counts the workload's operations), as a value of {@code type}. */
  Object next(SplittableRandom rng, long n, long nowMillis, CqlType type);

  /**
   * Random UUIDs: every key different, spread evenly. Version 4, or version 1 for a timeuuid column (which Cassandra
   * refuses any other version for), with random time bits.
   */
  record RandomUuid() implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      long hi = (rng.nextLong() & ~0xF000L) | (type.name().equals("timeuuid") ? 0x1000L : 0x4000L);
      long lo = (rng.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
      return convert(new UUID(hi, lo), type);
    }
  }

  /** 0, 1, 2, ... */
  record Sequential() implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      return convert(n, type);
    }
  }

  /** Uniform over 0..count-1. */
  record Uniform(long count) implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      return convert(rng.nextLong(count), type);
    }
  }

  /** Zipf over 0..count-1 with exponent s: a few values take most draws. */
  record Zipf(long count, double s) implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      return convert(ZipfSampler.sample(rng, count, s), type);
    }
  }

  /** With probability p the hot value 0, otherwise uniform over 1..count-1. */
  record Hot(double p, long count) implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      long v = rng.nextDouble() < p || count <= 1 ? 0 : 1 + rng.nextLong(count - 1);
      return convert(v, type);
    }
  }

  /** One of a fixed list (zip codes, time zones, app names), uniformly. */
  record Choice(List<String> values) implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      return type.parseLiteral(quoteIfText(values.get(rng.nextInt(values.size())), type));
    }
  }

  /** Text of a length drawn in [min, max]. */
  record Text(int min, int max) implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      int len = min + (max > min ? rng.nextInt(max - min + 1) : 0);
      char[] c = new char[len];
      for (int i = 0; i < len; i++) c[i] = (char) ('a' + rng.nextInt(26));
      return convert(new String(c), type);
    }
  }

  /** The simulated time now, truncated to a bucket (a day, an hour): time-bucketed partition keys. */
  record TimeBucket(long bucketMillis) implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      long t = Math.floorDiv(nowMillis, bucketMillis) * bucketMillis;
      return convert(Instant.ofEpochMilli(t), type);
    }
  }

  /** The simulated time now. */
  record Now() implements ValueGen {
    public Object next(SplittableRandom rng, long n, long nowMillis, CqlType type) {
      return convert(Instant.ofEpochMilli(nowMillis), type);
    }
  }

  private static String quoteIfText(String v, CqlType type) {
    return v;
  }

  /** Converts a generated number, UUID, string or instant to the column's type. */
  static Object convert(Object v, CqlType type) {
    String t = type.name();
    switch (t) {
      case "text", "varchar", "ascii" -> {
        return v instanceof Long l ? "k" + l : v.toString();
      }
      case "int" -> {
        return (int) asLong(v);
      }
      case "bigint", "counter" -> {
        return asLong(v);
      }
      case "smallint" -> {
        return (short) asLong(v);
      }
      case "tinyint" -> {
        return (byte) asLong(v);
      }
      case "varint" -> {
        return BigInteger.valueOf(asLong(v));
      }
      case "decimal" -> {
        return BigDecimal.valueOf(asLong(v));
      }
      case "double" -> {
        return (double) asLong(v);
      }
      case "float" -> {
        return (float) asLong(v);
      }
      case "boolean" -> {
        return asLong(v) % 2 == 0;
      }
      case "uuid", "timeuuid" -> {
        return v instanceof UUID u ? u : new UUID(0x1000L, asLong(v));
      }
      case "timestamp" -> {
        return v instanceof Instant i ? i : Instant.ofEpochMilli(asLong(v));
      }
      case "date" -> {
        return v instanceof Instant i ? LocalDate.ofEpochDay(Math.floorDiv(i.toEpochMilli(), 86_400_000L))
            : LocalDate.ofEpochDay(asLong(v));
      }
      case "blob" -> {
        return ByteBuffer.wrap(v.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)).asReadOnlyBuffer();
      }
      case "inet" -> {
        long x = asLong(v);
        try {
          return InetAddress.getByAddress(new byte[] {10, (byte) (x >> 16), (byte) (x >> 8), (byte) x});
        } catch (java.net.UnknownHostException e) {
          throw new IllegalStateException(e);
        }
      }
      default -> throw new IllegalArgumentException("workloads cannot generate values of type " + t);
    }
  }

  private static long asLong(Object v) {
    if (v instanceof Long l) return l;
    if (v instanceof Instant i) return i.toEpochMilli();
    if (v instanceof UUID u) return u.getLeastSignificantBits() & Long.MAX_VALUE;
    return Math.abs((long) v.toString().hashCode());
  }
}
