package io.ringsim.server;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Execute;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What makes two requests the same request sent again, as a driver's retry sends it: the statement (its text, or its
 * prepared id), its bound values, keyspace and paging state; not the consistency level, which a retry policy may
 * lower, nor the client timestamp, which the Java driver draws again for each try
 * (Conversions.toMessage runs per try). A SHA-256 of those, so a history of many
 * requests with large values stays small.
 */
final class RequestIdentity {
  private RequestIdentity() {}

  /** The identity of a QUERY, EXECUTE or BATCH; null for any other message. */
  static String of(Message m) {
    MessageDigest d = sha256();
    if (m instanceof Query q) {
      text(d, "QUERY");
      text(d, q.query);
      options(d, q.options);
    } else if (m instanceof Execute e) {
      text(d, "EXECUTE");
      bytes(d, e.queryId);
      options(d, e.options);
    } else if (m instanceof Batch b) {
      text(d, "BATCH " + b.type);
      for (int i = 0; i < b.queriesOrIds.size(); i++) {
        Object q = b.queriesOrIds.get(i);
        if (q instanceof String s) text(d, s);
        else bytes(d, (byte[]) q);
        values(d, i < b.values.size() ? b.values.get(i) : List.of());
      }
    } else {
      return null;
    }
    return HexFormat.of().formatHex(d.digest());
  }

  private static void options(MessageDigest d, QueryOptions o) {
    text(d, String.valueOf(o.keyspace));
    values(d, o.positionalValues);
    for (Map.Entry<String, ByteBuffer> e : new TreeMap<>(o.namedValues).entrySet()) {
      text(d, e.getKey());
      buffer(d, e.getValue());
    }
    buffer(d, o.pagingState);
  }

  private static void values(MessageDigest d, List<ByteBuffer> values) {
    text(d, "values " + values.size());
    for (ByteBuffer v : values) buffer(d, v);
  }

  private static void buffer(MessageDigest d, ByteBuffer b) {
    if (b == null) {
      text(d, "null");
      return;
    }
    ByteBuffer x = b.duplicate();
    text(d, "bytes " + x.remaining());
    d.update(x);
  }

  private static void bytes(MessageDigest d, byte[] b) {
    text(d, "bytes " + b.length);
    d.update(b);
  }

  /** Each part with its length first, so no two different sequences of parts digest alike. */
  private static void text(MessageDigest d, String s) {
    byte[] b = String.valueOf(s).getBytes(StandardCharsets.UTF_8);
    d.update(ByteBuffer.allocate(4).putInt(b.length).array());
    d.update(b);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
