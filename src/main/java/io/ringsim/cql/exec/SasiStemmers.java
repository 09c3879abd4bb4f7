package io.ringsim.cql.exec;

import java.util.Map;
import java.util.function.Supplier;
import org.tartarus.snowball.SnowballStemmer;
import org.tartarus.snowball.ext.danishStemmer;
import org.tartarus.snowball.ext.dutchStemmer;
import org.tartarus.snowball.ext.englishStemmer;
import org.tartarus.snowball.ext.finnishStemmer;
import org.tartarus.snowball.ext.frenchStemmer;
import org.tartarus.snowball.ext.germanStemmer;
import org.tartarus.snowball.ext.hungarianStemmer;
import org.tartarus.snowball.ext.italianStemmer;
import org.tartarus.snowball.ext.norwegianStemmer;
import org.tartarus.snowball.ext.portugueseStemmer;
import org.tartarus.snowball.ext.romanianStemmer;
import org.tartarus.snowball.ext.russianStemmer;
import org.tartarus.snowball.ext.spanishStemmer;
import org.tartarus.snowball.ext.swedishStemmer;
import org.tartarus.snowball.ext.turkishStemmer;

/**
 * The stemming step of SASI's StandardAnalyzer (Cassandra 4.1's StemmerFactory and StemmingFilters), with the same
 * Snowball stemmers: a language's two letters choose one, as Cassandra's table has them ("fl" is Finnish there); a
 * language without one, or none, leaves each word as it is, and so does a stemmer that does not stem it.
 */
final class SasiStemmers {
  private SasiStemmers() {}

  /** One word to its stem. */
  interface Stemmer {
    String apply(String word);
  }

  private static final Stemmer NONE = w -> w;

  private static final Map<String, Supplier<SnowballStemmer>> BY_LANGUAGE = Map.ofEntries(
      Map.entry("de", germanStemmer::new), Map.entry("da", danishStemmer::new), Map.entry("es", spanishStemmer::new),
      Map.entry("en", englishStemmer::new), Map.entry("fl", finnishStemmer::new), Map.entry("fr", frenchStemmer::new),
      Map.entry("hu", hungarianStemmer::new), Map.entry("it", italianStemmer::new), Map.entry("nl", dutchStemmer::new),
      Map.entry("no", norwegianStemmer::new), Map.entry("pt", portugueseStemmer::new),
      Map.entry("ro", romanianStemmer::new), Map.entry("ru", russianStemmer::new), Map.entry("sv", swedishStemmer::new),
      Map.entry("tr", turkishStemmer::new));

  /**
   * The stemmer of a two-letter language (null: none). A Snowball stemmer keeps state between calls, so each call
   * of this gets its own.
   */
  static Stemmer of(String language) {
    Supplier<SnowballStemmer> make = language == null ? null : BY_LANGUAGE.get(language);
    if (make == null) return NONE;
    SnowballStemmer s = make.get();
    return w -> {
      s.setCurrent(w);
      return s.stem() ? s.getCurrent() : w;
    };
  }
}
