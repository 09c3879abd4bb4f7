package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import java.util.ArrayList;
import java.util.List;

/**
 * The words SASI's StandardAnalyzer finds in a text: Unicode's word boundaries (UAX #29), as its StandardTokenizer
 * keeps them. A word is a run of letters and digits (with '_' and the other connectors inside or around it), which
 * a single ':', '.', middle dot or apostrophe between two letters, or a single ',', ';', '.' or apostrophe between two digits,
 * does not break ("it's", "e.g", "a:b", "3.14", "1,000,000", "foo_bar"); every other character separates words and
 * is dropped. A word longer than 255 characters is left out.
 *
 * <p>Only the characters whose word-break class ringsim knows are tokenized: ASCII, Latin-1 (but its soft hyphen),
 * the Latin letters of U+0100 to U+024F and U+1E00 to U+1EFF, the Cyrillic letters of U+0400 to U+04FF. Cassandra's
 * tokenizer also knows ideographs (one word each), kana, Hangul, Hebrew, Greek, Thai and the combining marks; a
 * text holding any of those is refused rather than split in a way Cassandra would not.
 */
final class SasiWords {
  private SasiWords() {}

  /** StandardTokenizerOptions.DEFAULT_MAX_TOKEN_LENGTH. */
  private static final int MAX_WORD_LENGTH = 255;

  private enum Kind { LETTER, DIGIT, CONNECTOR, MID_LETTER, MID_NUMBER, MID_BOTH, OTHER }

  private static Kind kind(String text, char c) {
    if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') return Kind.LETTER;
    if (c >= '0' && c <= '9') return Kind.DIGIT;
    if (c == '_') return Kind.CONNECTOR;
    if (c == ':') return Kind.MID_LETTER;
    if (c == ',' || c == ';') return Kind.MID_NUMBER;
    if (c == '.' || c == '\'') return Kind.MID_BOTH;
    if (c < 0x80) return Kind.OTHER;
    // Unicode 6.3's word-break classes, which Cassandra's tokenizer was generated from: in Latin-1's upper half, the
    // feminine and masculine ordinals and the micro sign are letters, the middle dot joins letters, the soft hyphen
    // (a format character, which the tokenizer skips inside a word) is not simulated, the rest separate words.
    if (c < 0xC0) {
      if (c == 0xAA || c == 0xB5 || c == 0xBA) return Kind.LETTER;
      if (c == 0xB7) return Kind.MID_LETTER;
      if (c != 0xAD) return Kind.OTHER;
    } else if (c == 0xD7 || c == 0xF7) {
      return Kind.OTHER;
    } else if (Character.isLetter(c) && (c <= 0x24F || (c >= 0x400 && c <= 0x4FF) || (c >= 0x1E00 && c <= 0x1EFF))) {
      // Latin-1, Latin Extended-A/B and Additional, and Cyrillic letters are all ALetter.
      return Kind.LETTER;
    }
    throw new CqlException(CqlErrorClass.InvalidRequest, "ringsim's StandardAnalyzer only tokenizes ASCII, Latin-1 "
        + "and the Latin and Cyrillic letters; '" + text + "' holds U+" + String.format("%04X", (int) c)
        + " (Cassandra's tokenizer knows more scripts; not simulated)");
  }

  /** The words of {@code text}, in order. */
  static List<String> of(String text) {
    List<String> words = new ArrayList<>();
    int n = text.length();
    Kind[] kinds = new Kind[n];
    for (int i = 0; i < n; i++) kinds[i] = kind(text, text.charAt(i));
    int i = 0;
    while (i < n) {
      int end = wordEnd(kinds, i);
      if (end < 0) {
        i++; // not the start of a word: the character is dropped
        continue;
      }
      if (end - i <= MAX_WORD_LENGTH) words.add(text.substring(i, end));
      i = end;
    }
    return words;
  }

  /** The end of the longest word starting at {@code start}, or -1 when none starts there. */
  private static int wordEnd(Kind[] kinds, int start) {
    int i = start;
    while (i < kinds.length && kinds[i] == Kind.CONNECTOR) i++;
    if (i == kinds.length || (kinds[i] != Kind.LETTER && kinds[i] != Kind.DIGIT)) return -1;
    int last = i; // the last letter or digit taken
    i++;
    while (i < kinds.length) {
      Kind k = kinds[i];
      if (k == Kind.LETTER || k == Kind.DIGIT) {
        last = i++;
      } else if (k == Kind.CONNECTOR) {
        i++;
      } else if (k != Kind.OTHER && i == last + 1 && i + 1 < kinds.length && kinds[i + 1] == kinds[last]
          && joins(k, kinds[last])) {
        last = i + 1;
        i += 2;
      } else {
        break;
      }
    }
    return i;
  }

  /** Whether {@code mid} between two characters of kind {@code around} keeps them in one word. */
  private static boolean joins(Kind mid, Kind around) {
    return around == Kind.LETTER ? mid == Kind.MID_LETTER || mid == Kind.MID_BOTH
        : around == Kind.DIGIT && (mid == Kind.MID_NUMBER || mid == Kind.MID_BOTH);
  }
}
