package io.ringsim.cli;

import io.ringsim.sim.script.Names;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Where a run writes its results. Checked before simulating, so that a folder that cannot be written costs the user a
 * second rather than a whole run; and named safely from any scenario name (unicode, slashes, 500 characters).
 */
final class OutputDir {
  /** File systems allow 255 bytes per name; leave room for "-seed-9223372036854775808". */
  static final int MAX_NAME_BYTES = 200;

  private OutputDir() {}

  /** runs/NAME-SUFFIX, with NAME made a single safe folder name. */
  static Path defaultFor(String scenarioName, String suffix) {
    return Path.of("runs", safeName(scenarioName) + suffix);
  }

  /**
   * A folder name from a scenario name: what a scenario file accepts in a name ({@link Names#isPart}: any script,
   * symbols and punctuation beyond ASCII, '-', '_') is kept, and '.'; anything else (a slash, a space, a control
   * character) becomes '-'; cut to {@link #MAX_NAME_BYTES} bytes of UTF-8, never inside a character. So the folder of
   * scenario sénsors☃ is sénsors☃, and ASCII names are unchanged.
   */
  static String safeName(String name) {
    StringBuilder sb = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < name.length(); ) {
      int cp = name.codePointAt(i);
      i += Character.charCount(cp);
      String piece = Names.isPart(cp) || cp == '.' ? new String(Character.toChars(cp)) : "-";
      int b = piece.getBytes(StandardCharsets.UTF_8).length;
      if (bytes + b > MAX_NAME_BYTES) break;
      sb.append(piece);
      bytes += b;
    }
    String s = sb.toString();
    // "." and ".." would name this folder or its parent.
    return s.isEmpty() || s.chars().allMatch(c -> c == '.') ? "scenario" : s;
  }

  /** Creates {@code dir} and proves it can be written, or says in one line why not. */
  static Path prepare(Path dir, boolean userGiven) {
    String what = userGiven ? "--out " + dir : "the output folder " + dir;
    try {
      Files.createDirectories(dir);
      Path probe = Files.createTempFile(dir, ".ringsim-write-check", ".tmp");
      Files.delete(probe);
      return dir;
    } catch (FileAlreadyExistsException e) {
      throw new BadInputException(what + ": " + e.getFile() + " exists and is not a folder");
    } catch (java.nio.file.NoSuchFileException e) {
      throw new BadInputException(what + ": cannot create it (" + e.getFile() + " cannot be made here)");
    } catch (AccessDeniedException e) {
      throw new BadInputException(what + ": cannot write there (permission denied: " + e.getFile() + ")");
    } catch (FileSystemException e) {
      throw new BadInputException(what + ": cannot write there (" + (e.getReason() != null ? e.getReason()
          : e.getClass().getSimpleName()) + ": " + e.getFile() + ")");
    } catch (IOException | InvalidPathException | SecurityException e) {
      throw new BadInputException(what + ": cannot write there (" + e.getMessage() + ")");
    }
  }
}
