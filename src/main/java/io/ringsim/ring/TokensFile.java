package io.ringsim.ring;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a ring from a file, like a cluster's initial_token settings: one line per node, {@code name dc rack
 * token1,token2,...} separated by spaces or tabs; {@code #} starts a comment. Errors name the file, the line and the
 * offending value.
 */
public final class TokensFile {
  private TokensFile() {}

  public static List<Node> read(Path file, Partitioner partitioner) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read tokens file " + file + ": " + e.getMessage());
    }
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int hash = line.indexOf('#');
      if (hash >= 0) line = line.substring(0, hash);
      if (line.isBlank()) continue;
      String where = file + ":" + (i + 1);
      String[] f = line.trim().split("\\s+", 4);
      if (f.length < 4)
        throw new IllegalArgumentException(where + ": expected 'name dc rack token1,token2,...', got '" + line.trim() + "'");
      List<Token> tokens = new ArrayList<>();
      for (String t : f[3].split("[,\\s]+")) {
        if (t.isBlank()) continue;
        try {
          tokens.add(partitioner.parseToken(t));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
      }
      try {
        nodes.add(new Node(f[0], f[1], f[2], tokens));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage());
      }
    }
    if (nodes.isEmpty()) throw new IllegalArgumentException(file + ": no nodes in the tokens file");
    return nodes;
  }
}
