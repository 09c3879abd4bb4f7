package io.ringsim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringsim.report.Lang;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --lang en|zh-CN}: the language of report.html's and the terminal summary's labels, for the commands that
 * print a run's summary or write a report. Without it: {@code ringsim.lang} from the configuration when set, else the
 * locale (LC_ALL, LC_MESSAGES, LANG; zh → zh-CN, anything else → en).
 */
final class LangOption {
  static final String HELP = "Language of the report's and the summary's labels and sentences: en or zh-CN (default: ringsim.lang"
      + " in the configuration, else the locale, LC_ALL/LC_MESSAGES/LANG: zh_* gives zh-CN, anything else en)."
      + " Figures, node names and CQL are the same in both.";

  @Option(names = "--lang", paramLabel = "LANG", description = HELP)
  String lang;

  Lang resolve() {
    return resolve(lang, ConfigFactory.load(), System.getenv(), System.getProperty("user.language"));
  }

  static Lang resolve(String option, Config config, Map<String, String> env, String userLanguage) {
    if (option != null) return parse("--lang", option);
    if (config.hasPath("ringsim.lang") && !config.getString("ringsim.lang").isBlank())
      return parse("ringsim.lang", config.getString("ringsim.lang"));
    return Lang.fromEnvironment(env, userLanguage);
  }

  private static Lang parse(String where, String value) {
    Lang l = Lang.parse(value);
    if (l == null) throw BadInputException.said("err.lang", where, value);
    return l;
  }
}
