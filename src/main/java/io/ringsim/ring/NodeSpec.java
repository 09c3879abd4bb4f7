package io.ringsim.ring;

/** A node to be placed on the ring: its name, data centre, rack and how many tokens (vnodes) it gets. */
public record NodeSpec(String name, String dc, String rack, int numTokens) {
  public NodeSpec {
    if (numTokens < 1) throw new IllegalArgumentException("num_tokens must be >= 1, got " + numTokens);
  }
}
