package io.ringsim.cluster;

import java.util.Locale;

/**
 * What a client request does to its row: a plain write, a delete, a read, or a lightweight transaction (INSERT ... IF
 * NOT EXISTS for a workload). The label is the word the member protocol and the histories use ("write").
 */
public enum RequestKind {
  WRITE,
  DELETE,
  READ,
  LWT;

  /** The word for it: "write", "delete", "read", "lwt". */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The kind a label names (the member protocol carries it as a word). */
  public static RequestKind parse(String label) {
    for (RequestKind k : values()) if (k.label().equals(label)) return k;
    throw new IllegalArgumentException("unknown row operation '" + label + "' (write, delete, read, lwt)");
  }
}
