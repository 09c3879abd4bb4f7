package io.ringsim.cluster.node;

import io.ringsim.storage.TableStats;
import java.util.List;
import java.util.Map;

/** A node's figures for reports and nodetool-like output. */
public record NodeReport(
    String node,
    String dc,
    boolean running,
    Map<String, Boolean> view,
    List<TableStats> tables,
    long coordinatedWrites,
    long coordinatedReads,
    long replicaWrites,
    long replicaReads,
    long hintsStored,
    long hintsReplayed,
    Map<String, Integer> hintsPending,
    long readRepairs,
    long commitLogEntries) implements akka.actor.NoSerializationVerificationNeeded {}
