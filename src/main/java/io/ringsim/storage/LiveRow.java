package io.ringsim.storage;

import java.util.Map;
import java.util.NavigableMap;

/**
 * A row as a read returns it: only the cells that are live now (not deleted, not expired, not shadowed by a row,
 * range or partition deletion), each with its timestamp and TTL so writetime() and ttl() can be answered.
 */
public record LiveRow(
    Clustering clustering, boolean hasLiveMarker, Map<String, Cell> cells,
    Map<String, NavigableMap<byte[], Cell>> collections) {}
