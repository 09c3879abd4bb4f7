package io.ringsim.sim.script;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Why an input file (a scenario, an assignment, a submission) could not be read, in a user's words. */
public final class InputFiles {
  private InputFiles() {}

  /** {@code kind}: what the file should have been ("a scenario file"), for the folder case. */
  public static String whyUnreadable(Path file, IOException e, String kind) {
    return e instanceof NoSuchFileException ? "no such file"
        : Files.isDirectory(file) ? "it is a folder, not " + kind
        : e instanceof CharacterCodingException ? "not UTF-8 text" : e.getMessage();
  }
}
