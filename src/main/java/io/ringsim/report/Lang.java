package io.ringsim.report;

import java.util.Locale;
import java.util.Map;

/**
 * The language of report.html's and the terminal summary's labels, and of the simulator's sentences as a reader sees
 * them (events, check details, anomaly details: {@link Labels#say}; anomaly stories). Figures, node names, CQL and
 * identifiers are the same in every language, and a run's files are always written in English.
 */
public enum Lang {
  EN("en"),
  ZH_CN("zh-CN");

  private final String tag;

  Lang(String tag) {
    this.tag = tag;
  }

  /** The BCP 47 tag: {@code <html lang>} and what {@code --lang} takes. */
  public String tag() {
    return tag;
  }

  /** This language's labels. */
  public Labels labels() {
    return Labels.of(this);
  }

  /**
   * {@code en}, {@code zh-CN} and their usual spellings (en_US, zh_CN, zh-Hans, zh); null for anything else, so the
   * caller can name the offending value.
   */
  public static Lang parse(String s) {
    if (s == null) return null;
    String t = s.trim().replace('_', '-').toLowerCase(Locale.ROOT);
    int dot = t.indexOf('.'); // a locale's encoding: zh_CN.UTF-8
    if (dot >= 0) t = t.substring(0, dot);
    if (t.equals("en") || t.startsWith("en-")) return EN;
    if (t.equals("zh") || t.equals("zh-cn") || t.equals("zh-hans") || t.startsWith("zh-hans-") || t.equals("zh-sg"))
      return ZH_CN;
    return null;
  }

  /**
   * The language the environment asks for, as POSIX programs read it: the first set of LC_ALL, LC_MESSAGES, LANG; else
   * the JVM's {@code user.language}. Any Chinese locale gives zh-CN (the only Chinese there is); anything else, or
   * C/POSIX, English.
   */
  public static Lang fromEnvironment(Map<String, String> env, String userLanguage) {
    for (String var : java.util.List.of("LC_ALL", "LC_MESSAGES", "LANG")) {
      String v = env.get(var);
      if (v != null && !v.isBlank()) return v.trim().toLowerCase(Locale.ROOT).startsWith("zh") ? ZH_CN : EN;
    }
    return userLanguage != null && userLanguage.toLowerCase(Locale.ROOT).startsWith("zh") ? ZH_CN : EN;
  }

  /** {@link #fromEnvironment(Map, String)} of this process. */
  public static Lang fromEnvironment() {
    return fromEnvironment(System.getenv(), System.getProperty("user.language"));
  }
}
