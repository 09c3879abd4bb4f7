package io.ringsim.cli;

import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Why an input file could not be read, in a user's words, naming the file even when its name is empty. */
final class Unreadable {
  private Unreadable() {}

  static String name(Path file) {
    return file.toString().isBlank() ? "'" + file + "'" : file.toString();
  }

  static String why(Path file, Exception e) {
    if (e instanceof NoSuchFileException) return "no such file";
    if (Files.isDirectory(file)) return "it is a folder, not a file";
    if (e instanceof AccessDeniedException) return "permission denied";
    if (e instanceof CharacterCodingException || e.getCause() instanceof CharacterCodingException) {
      return "not UTF-8 text";
    }
    return e.getMessage();
  }

  static BadInputException of(String what, Path file, Exception e) {
    return new BadInputException("cannot read " + what + name(file) + ": " + why(file, e));
  }
}
