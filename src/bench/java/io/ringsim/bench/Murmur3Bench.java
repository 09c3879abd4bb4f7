package io.ringsim.bench;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import io.ringsim.ring.Murmur3Partitioner;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Token of a 16-byte key: our Cassandra-exact Murmur3 against Guava's murmur3_128 on the same bytes. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class Murmur3Bench {
  private final HashFunction guava = Hashing.murmur3_128();
  private byte[] key;

  @Setup
  public void setUp() {
    key = new byte[16];
    new SplittableRandom(42).nextBytes(key);
  }

  @Benchmark
  public long ringsimToken() {
    return Murmur3Partitioner.tokenValue(key);
  }

  @Benchmark
  public long guavaMurmur3() {
    return guava.hashBytes(key).asLong();
  }
}
