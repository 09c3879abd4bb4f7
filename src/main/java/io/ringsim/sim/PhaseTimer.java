package io.ringsim.sim;

/**
 * With RINGSIM_DEBUG_TIMING set, prints on stderr when each phase of a run ends, in wall and CPU time since the
 * timer started (docs/performance.md uses it); otherwise does nothing.
 */
final class PhaseTimer {
  private static final boolean ON = System.getenv("RINGSIM_DEBUG_TIMING") != null;
  private final long t0 = System.nanoTime();

  void mark(String what) {
    if (!ON) return;
    // The process's CPU time beside the wall time: on a shared machine it is the steadier of the two.
    long cpuMillis = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() / 1_000_000 : -1;
    System.err.printf("%n[timing] %s at %d ms (CPU %d ms)%n", what, (System.nanoTime() - t0) / 1_000_000, cpuMillis);
  }
}
