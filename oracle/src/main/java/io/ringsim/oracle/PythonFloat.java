package io.ringsim.oracle;

import java.math.BigDecimal;

/**
 * Writes a double the way Python's repr() (and so the shared expected files) does: the shortest digits that read
 * back to the same double, positional between 1e-4 and 1e16 (always with a fraction, "3.0"), otherwise like
 * "1e+16" or "1.5e-05". Java's Double.toString switches to "1.0E7" notation at other bounds.
 */
final class PythonFloat {
  private PythonFloat() {}

  static String repr(double d) {
    if (d == 0) return (1 / d < 0) ? "-0.0" : "0.0";
    String sign = d < 0 ? "-" : "";
    // Double.toString gives the shortest round-tripping digits (JDK 17 can add one in rare cases).
    BigDecimal exact = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
    String digits = exact.unscaledValue().toString();
    int pointAt = digits.length() - exact.scale(); // value = 0.DIGITS x 10^pointAt
    int exponent = pointAt - 1;
    if (exponent >= -4 && exponent < 16) return sign + positional(digits, pointAt);
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + String.format("%02d", Math.abs(exponent));
  }

  private static String positional(String digits, int pointAt) {
    if (pointAt <= 0) return "0." + "0".repeat(-pointAt) + digits;
    if (pointAt >= digits.length()) return digits + "0".repeat(pointAt - digits.length()) + ".0";
    return digits.substring(0, pointAt) + "." + digits.substring(pointAt);
  }
}
