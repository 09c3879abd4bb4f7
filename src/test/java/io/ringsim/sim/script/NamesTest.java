package io.ringsim.sim.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A scenario name is text in any script: the reader (Scenario.g4) and {@link Names} agree on what a name is. */
class NamesTest {
  private static boolean readerTakes(String name) {
    try {
      return ScenarioReader.parse("scenario " + name + "\n", "n.sim", Map.of()).name().equals(name);
    } catch (ScenarioException e) {
      return false;
    }
  }

  @Test
  void namesInAnyScriptWithSymbolsAndPunctuationBeyondAsciiAreTaken() {
    for (String n : new String[] {"sénsors☃", "lager€", "Σ_sum∑", "东京。销售", "«citation»", "लेखन_👩‍💻", "हिन्दी",
        "می‌خواهم", "👍🏽", "_x", "x-1"}) {
      assertThat(readerTakes(n)).as(n).isTrue();
      assertThat(Names.isName(n)).as(n).isTrue();
    }
  }

  @Test
  void spacesControlsAndAsciiSymbolsAreNotPartOfAName() {
    for (String n : new String[] {"a\u3000b", "a\u00A0b", "a\u200Bb", "\uFEFFa", "a\uE000", "\u0301a", "٣a", "1a",
        "-a", "a+b", "a.b", "a:b"}) {
      assertThat(readerTakes(n)).as(n).isFalse();
      assertThat(Names.isName(n)).as(n).isFalse();
    }
  }

  @Test
  void theReaderAndNamesAgreeOnEveryCharacterOfTheBasicPlane() {
    // Every 13th code point, as a name's first and as a later character: about 5,000 scenarios read. ANTLR's Unicode
    // tables are newer than Java 17's: a letter Java does not know yet (U+0875) is one the reader takes.
    for (int cp = 0x21; cp < 0x10000; cp += 13) {
      if (Character.isSurrogate((char) cp) || Character.getType(cp) == Character.UNASSIGNED) continue;
      String c = new String(Character.toChars(cp));
      assertThat(readerTakes(c + "a")).as("U+%04X first", cp).isEqualTo(Names.isName(c + "a"));
      assertThat(readerTakes("a" + c)).as("U+%04X later", cp).isEqualTo(Names.isName("a" + c));
    }
  }
}
