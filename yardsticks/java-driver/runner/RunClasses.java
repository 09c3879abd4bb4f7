import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * Runs JUnit 4 test classes one after the other in this JVM (so they share the suite's one CcmRule node, as the
 * suite's own parallelizable run does) and writes one JUnit XML report per class: {@code RunClasses OUT_DIR CLASS...}.
 * A test is "failure" when it failed an assertion, "error" on any other exception, "skipped" when ignored or when an
 * assumption did not hold (the suite's way of skipping a test whose backend requirement is not met).
 */
public final class RunClasses {
  private RunClasses() {}

  private static final class Outcome {
    String kind = "passed";
    String message = "";
    String detail = "";
    long start = System.nanoTime();
    double seconds;
  }

  public static void main(String[] args) throws IOException {
    try {
      // Which driver the tests ran with (run.sh's DRIVER_VERSION swaps the built one for a release).
      System.out.println("driver: " + Class.forName("com.datastax.oss.driver.api.core.session.Session")
          .getField("OSS_DRIVER_COORDINATES").get(null));
    } catch (ReflectiveOperationException e) {
      System.out.println("driver: unknown (" + e + ")");
    }
    Path out = Path.of(args[0]);
    Files.createDirectories(out);
    for (int i = 1; i < args.length; i++) {
      String name = args[i];
      Map<String, Outcome> outcomes = new LinkedHashMap<>();
      List<String> classLevel = new ArrayList<>();
      RunListener listener = new RunListener() {
        @Override public void testStarted(Description d) { outcomes.put(key(d), new Outcome()); }
        @Override public void testFinished(Description d) {
          Outcome o = outcomes.get(key(d));
          if (o != null) o.seconds = (System.nanoTime() - o.start) / 1e9;
        }
        @Override public void testFailure(Failure f) { record(f, f.getException() instanceof AssertionError ? "failure" : "error"); }
        @Override public void testAssumptionFailure(Failure f) { record(f, "skipped"); }
        @Override public void testIgnored(Description d) {
          Outcome o = new Outcome();
          o.kind = "skipped";
          o.message = "ignored";
          outcomes.put(key(d), o);
        }
        private void record(Failure f, String kind) {
          Description d = f.getDescription();
          Outcome o = outcomes.get(key(d));
          if (o == null) {
            // A class rule or @BeforeClass: every test of the class shares its outcome.
            o = new Outcome();
            outcomes.put(key(d), o);
            classLevel.add(key(d));
          }
          if (o.kind.equals("passed") || o.kind.equals("skipped")) {
            o.kind = kind;
            o.message = String.valueOf(f.getMessage());
            o.detail = f.getTrace();
          }
        }
      };
      JUnitCore core = new JUnitCore();
      core.addListener(listener);
      long t0 = System.nanoTime();
      try {
        core.run(Request.aClass(Class.forName(name)));
      } catch (ClassNotFoundException | LinkageError e) {
        Outcome o = new Outcome();
        o.kind = "error";
        o.message = e.toString();
        outcomes.put(name + "::classMethod", o);
      }
      write(out.resolve(name + ".xml"), name, outcomes, (System.nanoTime() - t0) / 1e9);
      long[] n = new long[4];
      outcomes.values().forEach(o -> n[List.of("passed", "failure", "error", "skipped").indexOf(o.kind)]++);
      System.out.printf("%s: %d passed, %d failed, %d errors, %d skipped%n", name, n[0], n[1], n[2], n[3]);
    }
    System.exit(0);
  }

  private static String key(Description d) {
    String method = d.getMethodName() == null ? "classMethod" : d.getMethodName();
    return d.getClassName() + "::" + method;
  }

  private static void write(Path file, String suite, Map<String, Outcome> outcomes, double seconds) throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
      w.printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n<testsuite name=\"%s\" tests=\"%d\" time=\"%.3f\">%n",
          esc(suite), outcomes.size(), seconds);
      for (Map.Entry<String, Outcome> e : outcomes.entrySet()) {
        String[] cm = e.getKey().split("::", 2);
        Outcome o = e.getValue();
        w.printf("  <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\"", esc(cm[0]), esc(cm[1]), o.seconds);
        if (o.kind.equals("passed")) {
          w.println("/>");
        } else {
          w.printf(">%n    <%s message=\"%s\">%s</%s>%n  </testcase>%n", o.kind, esc(o.message), esc(o.detail), o.kind);
        }
      }
      w.println("</testsuite>");
    }
  }

  private static String esc(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> {
          if (c < 0x20 && c != '\n' && c != '\t') b.append(' ');
          else b.append(c);
        }
      }
    }
    return b.toString();
  }
}
