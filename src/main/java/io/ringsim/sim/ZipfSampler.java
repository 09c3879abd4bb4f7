package io.ringsim.sim;

import java.util.SplittableRandom;

/** Zipf draws by rejection-inversion (Hörmann and Derflinger), constant time for any n. */
public final class ZipfSampler {
  private ZipfSampler() {}

  public static long sample(SplittableRandom rng, long n, double s) {
    if (n <= 1) return 0;
    double hIntegralX1 = hIntegral(1.5, s) - 1.0;
    double hIntegralN = hIntegral(n + 0.5, s);
    double sFactor = 2.0 - hIntegralInverse(hIntegral(2.5, s) - h(2, s), s);
    while (true) {
      double u = hIntegralN + rng.nextDouble() * (hIntegralX1 - hIntegralN);
      double x = hIntegralInverse(u, s);
      long k = (long) (x + 0.5);
      if (k < 1) k = 1;
      else if (k > n) k = n;
      if (k - x <= sFactor || u >= hIntegral(k + 0.5, s) - h(k, s)) return k - 1;
    }
  }

  private static double h(double x, double s) {
    return Math.exp(-s * Math.log(x));
  }

  private static double hIntegral(double x, double s) {
    double logX = Math.log(x);
    return helper2((1.0 - s) * logX) * logX;
  }

  private static double hIntegralInverse(double x, double s) {
    double t = x * (1.0 - s);
    if (t < -1.0) t = -1.0;
    return Math.exp(helper1(t) * x);
  }

  private static double helper1(double x) {
    return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
  }

  private static double helper2(double x) {
    return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x));
  }
}
