package io.ringsim.storage;

/**
 * What a read by a built-in secondary index looks up on each replica (Cassandra's index expression): the index's
 * name (for the trace), the indexed column, what of it the index holds ("values", "keys", "entries" or "full", as
 * {@link io.ringsim.schema.IndexMetadata#kind()}), and the value looked up, serialized. For an entries index
 * ({@code m[k] = v}) {@code value} is the map key and {@code entryValue} the map value; null otherwise.
 */
public record IndexQuery(String name, String column, String kind, byte[] value, byte[] entryValue) {}
