package io.ringsim.sim.script;

/**
 * What a NAME of the scenario language is (Scenario.g4 says it for the reader; this says it for Java code that makes
 * names, such as the shrinker naming its result after a file, or a folder named after a scenario). A name is text in
 * any script: ASCII letters, digits, '_' and '-', and every character beyond ASCII that is not a space, a control or
 * format character (but the zero-width joiner and non-joiner), a surrogate, private-use or unassigned. It starts with
 * neither a digit nor a combining mark, nor '-'.
 */
public final class Names {
  private Names() {}

  /** Whether {@code cp} may stand anywhere in a name after its first character. */
  public static boolean isPart(int cp) {
    if (cp < 0x80) return Character.isLetterOrDigit(cp) || cp == '_' || cp == '-';
    if (cp == 0x200C || cp == 0x200D) return true;
    return switch (Character.getType(cp)) {
      case Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.CONTROL,
          Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED -> false;
      default -> true;
    };
  }

  /** Whether {@code cp} may start a name. */
  public static boolean isStart(int cp) {
    if (cp < 0x80) return Character.isLetter(cp) || cp == '_';
    if (cp == 0x200C || cp == 0x200D) return false;
    return isPart(cp) && switch (Character.getType(cp)) {
      case Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK,
          Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER -> false;
      default -> true;
    };
  }

  /** Whether {@code s} is a whole name, as a scenario file would read it (keywords aside). */
  public static boolean isName(String s) {
    if (s.isEmpty() || !isStart(s.codePointAt(0))) return false;
    return s.codePoints().allMatch(Names::isPart);
  }
}
