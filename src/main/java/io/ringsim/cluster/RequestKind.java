package io.ringsim.cluster;

/**
 * What a client request does to its row: a plain write, a delete, a read, or a lightweight transaction (INSERT ... IF
 * NOT EXISTS for a workload). The member protocol carries it by name; the histories name it by sim's OpType.
 */
public enum RequestKind {
  WRITE,
  DELETE,
  READ,
  LWT
}
