package io.ringsim.cluster.net;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.ringsim.cluster.CborSerializable;
import java.util.random.RandomGenerator;

/**
 * One-way message latency of a link, sampled per message from the network's seeded generator. Written in scenarios as
 * {@code fixed(2ms)}, {@code uniform(1ms, 5ms)}, {@code lognormal(2ms, 20ms)} (median and 99th percentile) or
 * {@code exponential(3ms)} (mean).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
@JsonSubTypes({
  @JsonSubTypes.Type(value = LatencyModel.Fixed.class, name = "fixed"),
  @JsonSubTypes.Type(value = LatencyModel.Uniform.class, name = "uniform"),
  @JsonSubTypes.Type(value = LatencyModel.LogNormal.class, name = "lognormal"),
  @JsonSubTypes.Type(value = LatencyModel.Exponential.class, name = "exponential")
})
public sealed interface LatencyModel extends CborSerializable {

  long sampleNanos(RandomGenerator rng);

  record Fixed(long nanos) implements LatencyModel {
    public Fixed {
      if (nanos < 0) throw new IllegalArgumentException("latency must be >= 0, got " + nanos + "ns");
    }

    @Override
    public long sampleNanos(RandomGenerator rng) {
      return nanos;
    }
  }

  record Uniform(long minNanos, long maxNanos) implements LatencyModel {
    public Uniform {
      if (minNanos < 0 || maxNanos < minNanos)
        throw new IllegalArgumentException("uniform latency needs 0 <= min <= max");
    }

    @Override
    public long sampleNanos(RandomGenerator rng) {
      return minNanos == maxNanos ? minNanos : rng.nextLong(minNanos, maxNanos + 1);
    }
  }

  /** Log-normal with the given median and 99th percentile: a long right tail, like real networks. */
  record LogNormal(long medianNanos, long p99Nanos) implements LatencyModel {
    private static final double Z99 = 2.3263478740408408;

    public LogNormal {
      if (medianNanos <= 0 || p99Nanos < medianNanos)
        throw new IllegalArgumentException("lognormal latency needs 0 < median <= p99");
    }

    @Override
    public long sampleNanos(RandomGenerator rng) {
      return Math.round(medianNanos * Math.exp(sigma() * rng.nextGaussian()));
    }

    /**
     * The distribution's sigma, worked out once per model rather than per message (a logarithm per draw was about
     * 0.7% of a simulated read): the same value, as the same expression gives the same double every time.
     */
    private double sigma() {
      Sigma s = lastSigma;
      if (s == null || s.model() != this) {
        lastSigma = s = new Sigma(this, Math.log((double) p99Nanos / medianNanos) / Z99);
      }
      return s.sigma();
    }

    /** A model and its sigma, swapped whole (immutable), so threads running other simulations see either or none. */
    private record Sigma(LogNormal model, double sigma) {}

    private static volatile Sigma lastSigma;
  }

  record Exponential(long meanNanos) implements LatencyModel {
    public Exponential {
      if (meanNanos <= 0) throw new IllegalArgumentException("exponential latency needs a mean > 0");
    }

    @Override
    public long sampleNanos(RandomGenerator rng) {
      return Math.round(-meanNanos * Math.log(1.0 - rng.nextDouble()));
    }
  }
}
