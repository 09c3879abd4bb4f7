package io.ringsim.cli;

import com.typesafe.config.ConfigFactory;
import io.ringsim.report.Lang;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import picocli.CommandLine;

/**
 * The language of what picocli prints for ringsim before a command runs — {@code --help} and the one-line errors of
 * bad input — chosen as every command chooses its output's: {@code --lang} on the command line, else
 * {@code ringsim.lang} in the configuration, else the locale. Chinese help comes from picocli's own resource bundle
 * support ({@code help_zh_CN.properties} next to this class); English is the commands' annotations, untouched.
 */
final class CliLang {
  static final String BUNDLE = "io.ringsim.cli.help";

  private CliLang() {}

  /**
   * The language {@code args} ask for. A {@code --lang} value that is no language is left to the command to refuse
   * (with its one line); until then the configuration and the locale decide.
   */
  static Lang of(String... args) {
    String option = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) break;
      if (a.equals("--lang") && i + 1 < args.length) option = args[i + 1];
      else if (a.startsWith("--lang=")) option = a.substring("--lang=".length());
    }
    try {
      return LangOption.resolve(option, ConfigFactory.load(), System.getenv(), System.getProperty("user.language"));
    } catch (RuntimeException e) {
      // a bad --lang or ringsim.lang: said by the command itself; the help and errors before it follow the locale
      return Lang.fromEnvironment();
    }
  }

  /** picocli's bundle of {@code lang}'s help texts; null for English (the annotations). */
  static ResourceBundle bundle(Lang lang) {
    if (lang == Lang.EN) return null;
    Locale locale = Locale.forLanguageTag(lang.tag());
    try {
      return ResourceBundle.getBundle(BUNDLE, locale,
          ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    } catch (MissingResourceException e) {
      throw new IllegalStateException("ringsim is missing its resource " + BUNDLE + " for " + lang.tag(), e);
    }
  }

  /** Gives {@code cl}'s commands, and picocli's help command, {@code lang}'s help texts. */
  static void apply(CommandLine cl, Lang lang) {
    ResourceBundle b = bundle(lang);
    if (b == null) return;
    cl.setResourceBundle(b);
  }
}
