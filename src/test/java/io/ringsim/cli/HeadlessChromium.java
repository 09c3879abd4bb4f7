package io.ringsim.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Debian's chromium driven through its chromedriver, headless and offline.
 */
final class HeadlessChromium implements AutoCloseable {
  /** Flags known to keep Chromium off the (closed) network and quiet in a container run as root. */
  static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
      "--hide-scrollbars", "--window-size=1280,900", "--force-device-scale-factor=1");

  /**
   * Selenium looks for a DevTools binding of this Chromium's version on start and warns that there is none; the test
   * only sends two plain CDP commands through chromedriver, which need no binding. (A strong reference: JUL keeps weak ones.)
   */
  private static final java.util.logging.Logger CDP_LOG = java.util.logging.Logger.getLogger("org.openqa.selenium.devtools");

  static {
    CDP_LOG.setLevel(Level.SEVERE);
  }

  private final ChromeDriver driver;
  private final Path profile;

  private HeadlessChromium(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  /**
   * Why the browser cannot start (chromium or chromedriver missing), or null when it can. Under CI=true a missing browser
   * fails the build instead: .ci/run installs it, so its absence there is a broken install, not a developer's machine.
   */
  static String missing() {
    Path chromium = find("ringsim.chromium", "chromium", "chromium-browser");
    Path chromedriver = find("ringsim.chromedriver", "chromedriver");
    if (chromium != null && chromedriver != null) return null;
    String why = "the headless browser test needs chromium and chromedriver on the PATH (Debian: apt-get install chromium "
        + "chromium-driver; .ci/run installs them); found chromium=" + chromium + ", chromedriver=" + chromedriver;
    if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("CI=true: " + why);
    return why;
  }

  static HeadlessChromium start() throws IOException {
    Path chromium = find("ringsim.chromium", "chromium", "chromium-browser");
    Path chromedriver = find("ringsim.chromedriver", "chromedriver");
    Path profile = Files.createTempDirectory("ringsim-chromium-");
    ChromeOptions o = new ChromeOptions();
    o.setBinary(chromium.toFile());
    o.addArguments(FLAGS);
    o.addArguments("--user-data-dir=" + profile);
    o.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile()).usingAnyFreePort().build();
    return new HeadlessChromium(new ChromeDriver(service, o), profile);
  }

  /** A system property naming the program, else the first of the names found on the PATH. */
  private static Path find(String property, String... names) {
    String given = System.getProperty(property);
    if (given != null && !given.isBlank()) return Files.isExecutable(Path.of(given)) ? Path.of(given) : null;
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator))
      for (String n : names) {
        Path p = Path.of(dir, n);
        if (Files.isExecutable(p)) return p;
      }
    return null;
  }

  /** Opens a local file and drops the console messages of earlier pages. */
  void open(Path file) {
    driver.manage().logs().get(LogType.BROWSER);
    driver.get(file.toAbsolutePath().toUri().toString());
  }

  /** What the page logged to the console at WARNING or worse (Chromium's errors are SEVERE). */
  List<String> consoleProblems() {
    List<String> out = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.BROWSER))
      if (e.getLevel().intValue() >= Level.WARNING.intValue()) out.add(e.getLevel() + " " + e.getMessage());
    return out;
  }

  Object script(String js, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(js, args);
  }

  /** A screenshot of the whole page, not only the window, as a PNG. */
  void screenshotFullPage(Path png) throws IOException {
    Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
    @SuppressWarnings("unchecked")
    Map<String, Object> size = (Map<String, Object>) metrics.get("cssContentSize");
    double w = ((Number) size.get("width")).doubleValue(), h = ((Number) size.get("height")).doubleValue();
    Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
        "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", w, "height", h, "scale", 1)));
    Files.createDirectories(png.getParent());
    Files.write(png, Base64.getDecoder().decode((String) shot.get("data")));
  }

  @Override
  public void close() throws IOException {
    try {
      driver.quit();
    } finally {
      try (Stream<Path> files = Files.walk(profile)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
      } catch (IOException e) {
        // a profile left in /tmp is harmless
      }
    }
  }
}
