package io.ringsim.cli;

import com.typesafe.config.ConfigFactory;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --lang en|zh-CN} for the commands that print no labels of their own (cql, member): it chooses the language of
 * their help and of their one-line errors of bad input, which CliLang reads before picocli parses the line. A value
 * that is no language is refused as every command's --lang is.
 */
final class HelpLangOption {
  @Option(names = "--lang", paramLabel = "LANG", description = "Language of this command's help and of its one-line"
      + " errors of bad input: en or zh-CN (default: ringsim.lang in the configuration, else the locale).")
  String lang;

  /** Refuses a --lang that is no language (one line, exit 2). */
  void check() {
    if (lang != null) LangOption.resolve(lang, ConfigFactory.load(), Map.of(), null);
  }
}
