package io.ringsim.ring;

import java.util.List;

/** A node of the ring: its name, data centre, rack and the tokens (vnodes) it owns. */
public record Node(String name, String dc, String rack, List<Token> tokens) {
  public Node {
    if (name == null || name.isBlank()) throw new IllegalArgumentException("a node needs a name");
    if (dc == null || dc.isBlank()) throw new IllegalArgumentException("node " + name + " needs a data centre");
    if (rack == null || rack.isBlank()) throw new IllegalArgumentException("node " + name + " needs a rack");
    tokens = List.copyOf(tokens);
    if (tokens.isEmpty()) throw new IllegalArgumentException("node " + name + " has no tokens");
  }

  public Node withTokens(List<Token> newTokens) {
    return new Node(name, dc, rack, newTokens);
  }
}
