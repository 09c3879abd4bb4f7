package io.ringsim.schema.types;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** text (varchar) as UTF-8 and ascii as US-ASCII; both order by unsigned bytes, as Cassandra does. */
final class TextTypes {
  private TextTypes() {}

  static final class Text extends ScalarType<String> {
    private final boolean ascii;

    Text(String name, boolean ascii) {
      super(name, String.class);
      this.ascii = ascii;
    }

    @Override
    byte[] encode(String v) {
      if (ascii) {
        for (int i = 0; i < v.length(); i++)
          if (v.charAt(i) > 127) throw new IllegalArgumentException("'" + v + "' is not a valid ascii (non-ASCII character)");
        return v.getBytes(StandardCharsets.US_ASCII);
      }
      return v.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    String decode(byte[] b) {
      try {
        return (ascii ? StandardCharsets.US_ASCII : StandardCharsets.UTF_8)
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(b))
            .toString();
      } catch (CharacterCodingException e) {
        throw new IllegalArgumentException("bytes are not valid " + name() + ": " + e.getMessage());
      }
    }

    @Override
    String parse(String s) {
      String v = unquote(s);
      if (ascii) encode(v);
      return v;
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Arrays.compareUnsigned(a, b);
    }
  }
}
