package io.ringsim.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * One language's message catalogue: {@code labels.en.properties} or {@code labels.zh-CN.properties} next to this
 * class, read as UTF-8. A label may hold {@code {0}}, {@code {1}}... where the caller's already formatted figures go,
 * so figures are formatted by the same code in every language. A key missing from a catalogue is a bug (LabelsTest
 * checks both have the same keys), and fails loudly rather than showing a key to a student.
 */
public final class Labels {
  private static final Map<Lang, Labels> CACHE = Collections.synchronizedMap(new EnumMap<>(Lang.class));

  private final Lang lang;
  private final Properties text;

  private Labels(Lang lang, Properties text) {
    this.lang = lang;
    this.text = text;
  }

  public static Labels of(Lang lang) {
    return CACHE.computeIfAbsent(lang, l -> new Labels(l, load(resource(l))));
  }

  /** The catalogue's file name, next to this class. */
  static String resource(Lang l) {
    return "labels." + l.tag() + ".properties";
  }

  static Properties load(String name) {
    try (InputStream in = Labels.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("ringsim is missing its resource " + name);
      Properties p = new Properties();
      p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Lang lang() {
    return lang;
  }

  /** The label for {@code key}. */
  public String get(String key) {
    String v = text.getProperty(key);
    if (v == null) throw new IllegalStateException("no label " + key + " in " + resource(lang));
    return v;
  }

  /** Whether this catalogue has a label for {@code key}. */
  public boolean has(String key) {
    return text.getProperty(key) != null;
  }

  /** The label for {@code key} with {@code {i}} replaced by {@code args[i]} as written by String.valueOf. */
  public String f(String key, Object... args) {
    String v = get(key);
    StringBuilder b = new StringBuilder(v.length() + 16);
    int i = 0;
    while (i < v.length()) {
      char c = v.charAt(i);
      int close = c == '{' ? v.indexOf('}', i) : -1;
      if (close > i + 1 && close - i <= 3 && isIndex(v, i + 1, close)) {
        int n = Integer.parseInt(v.substring(i + 1, close));
        if (n >= args.length) throw new IllegalStateException("label " + key + " uses {" + n + "} but got " + args.length + " values");
        b.append(args[n]);
        i = close + 1;
      } else {
        b.append(c);
        i++;
      }
    }
    return b.toString();
  }

  private static boolean isIndex(String s, int from, int to) {
    for (int i = from; i < to; i++) if (!Character.isDigit(s.charAt(i))) return false;
    return true;
  }

  /**
   * The simulator's English sentence {@code english} (an event, a check's detail, an anomaly's detail, a step of an
   * anomaly's story) in this language. The simulator writes its sentences in English into the run's files, through
   * the {@code say.*} labels of the English catalogue ({@link #f}); this finds the {@code say.*} label the sentence was
   * written from, takes its figures back out and writes them into this language's label. A figure that is itself one
   * of these sentences (a reason inside a sentence) is said in this language too. A sentence no label wrote (a CQL
   * statement, an error from a member JVM) comes back as it is; in English every sentence comes back as it is.
   */
  public String say(String english) {
    if (lang == Lang.EN || english == null || english.isEmpty()) return english;
    return Sentences.of(Lang.EN.labels()).say(english, this, 0);
  }

  /**
   * A name the files keep as an identifier ({@code lost-write}, a message's outcome) as this language says it: the
   * label {@code prefix + id}, or {@code id} itself when there is none.
   */
  public String name(String prefix, String id) {
    String v = id == null ? null : text.getProperty(prefix + id);
    return v == null ? id : v;
  }

  /** Every key of this catalogue. */
  public Set<String> keys() {
    return new TreeSet<>(text.stringPropertyNames());
  }
}
