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
    // Where a space of the label itself stands next to a figure: in Chinese it may have to go (see tightSpaces).
    java.util.BitSet spaces = lang == Lang.ZH_CN ? new java.util.BitSet() : null;
    int i = 0;
    while (i < v.length()) {
      char c = v.charAt(i);
      int close = c == '{' ? v.indexOf('}', i) : -1;
      if (close > i + 1 && close - i <= 3 && isIndex(v, i + 1, close)) {
        int n = Integer.parseInt(v.substring(i + 1, close));
        if (n >= args.length) throw new IllegalStateException("label " + key + " uses {" + n + "} but got " + args.length + " values");
        if (spaces != null && i > 0 && v.charAt(i - 1) == ' ') spaces.set(b.length() - 1);
        b.append(args[n]);
        if (spaces != null && close + 1 < v.length() && v.charAt(close + 1) == ' ') spaces.set(b.length());
        i = close + 1;
      } else {
        b.append(c);
        i++;
      }
    }
    return spaces == null || spaces.isEmpty() ? b.toString() : tightSpaces(b, spaces);
  }

  /**
   * A Chinese label puts a space on each side of a figure, as Chinese text sets Latin words and numbers apart
   * ("读 #{0}（…）", "询问了 {0}"); when the figure is itself Chinese ("它本地的副本") or ends in full-width
   * punctuation ("（n3）"), that space is a slip: none goes between two Chinese characters, nor next to a full-width
   * bracket or comma. Only the label's own spaces next to a figure are dropped, never a space inside a figure.
   */
  private static String tightSpaces(StringBuilder b, java.util.BitSet spaces) {
    StringBuilder out = new StringBuilder(b.length());
    for (int i = 0; i < b.length(); i++) {
      if (spaces.get(i) && i > 0 && i + 1 < b.length()) {
        char l = b.charAt(i - 1), r = b.charAt(i + 1);
        if ((han(l) && han(r)) || fullWidthPunctuation(l) || fullWidthPunctuation(r)) continue;
      }
      out.append(b.charAt(i));
    }
    return out.toString();
  }

  private static boolean han(char c) {
    return Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN;
  }

  /** 。，、；：？！“”‘’（）《》【】 and the like: CJK symbols and punctuation, and the full-width forms. */
  private static boolean fullWidthPunctuation(char c) {
    return (c >= '\u3000' && c <= '\u303f') || (c >= '\uff01' && c <= '\uff0f') || (c >= '\uff1a' && c <= '\uff20')
        || (c >= '\uff3b' && c <= '\uff40') || (c >= '\uff5b' && c <= '\uff65') || c == '\u201c' || c == '\u201d'
        || c == '\u2018' || c == '\u2019';
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
   * The figures of a sentence label {@code key} of this catalogue wrote, read back out of {@code text} (which holds
   * it alone or inside a longer sentence), in the label's order; null when {@code text} holds no such sentence. For
   * what the run's files keep only as a sentence (an anomaly's detail).
   */
  public String[] figures(String key, String text) {
    return text == null ? null : Sentences.figures(get(key), text);
  }

  /**
   * A one-line error of bad input, written in English through the {@code err.*} labels, in this language: a leading
   * location (FILE:LINE:COL, or FILE:LINE) stays as it is, so an editor still jumps there, and so do the offending
   * values inside the sentence; an error no label wrote (Cassandra's words, the operating system's) comes back as it
   * is.
   */
  public String sayError(String english) {
    if (lang == Lang.EN || english == null || english.isEmpty()) return english;
    java.util.regex.Matcher at = LOCATION.matcher(english);
    String where = at.lookingAt() ? at.group() : "";
    String rest = english.substring(where.length());
    String said = Sentences.of(Lang.EN.labels(), "err.").say(rest, this, 0);
    return where + said;
  }

  /** FILE:LINE:COL: or FILE:LINE: at the start of an error (no space in the file's name). */
  private static final java.util.regex.Pattern LOCATION = java.util.regex.Pattern.compile("[^\\s:]+:\\d+(?::\\d+)?: ");

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
