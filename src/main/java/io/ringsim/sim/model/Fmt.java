package io.ringsim.sim.model;

import static io.ringsim.sim.Say.EN;

import java.util.Locale;

/** Numbers as the model's evidence quotes them. */
final class Fmt {
  private Fmt() {}

  static String bytes(double b) {
    if (b < 1024) return Math.round(b) + " B";
    if (b < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KiB", b / 1024);
    if (b < 1024.0 * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MiB", b / 1024 / 1024);
    return String.format(Locale.ROOT, "%.2f GiB", b / 1024 / 1024 / 1024);
  }

  static String count(double n) {
    return String.format(Locale.ROOT, "%,d", Math.round(n));
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, share < 0.001 ? "%.4f%%" : "%.1f%%", share * 100);
  }

  static String ratio(double r) {
    return String.format(Locale.ROOT, "%.2f", r);
  }

  static String duration(long ms) {
    if (ms % 86_400_000L == 0) return EN.f(ms == 86_400_000L ? "say.model.day" : "say.model.days", ms / 86_400_000L);
    if (ms % 3_600_000L == 0) return EN.f(ms == 3_600_000L ? "say.model.hour" : "say.model.hours", ms / 3_600_000L);
    if (ms % 60_000L == 0) return EN.f(ms == 60_000L ? "say.model.minute" : "say.model.minutes", ms / 60_000L);
    return io.ringsim.sim.Durations.format(ms);
  }
}
