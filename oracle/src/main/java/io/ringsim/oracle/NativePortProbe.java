package io.ringsim.oracle;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Proves the native transport accepts CQL connections by sending the OPTIONS request every driver sends first and
 * reading the SUPPORTED answer, rather than trusting that an open port means a working server.
 */
final class NativePortProbe {
  private static final int OPCODE_OPTIONS = 0x05;
  private static final int OPCODE_SUPPORTED = 0x06;

  private NativePortProbe() {}

  static void awaitReady(int port, long timeoutMillis) throws IOException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    IOException last = null;
    while (System.currentTimeMillis() < deadline) {
      try {
        if (answersOptions(port)) return;
      } catch (IOException e) {
        last = e;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for the native transport", e);
      }
    }
    throw new IOException("native transport on 127.0.0.1:" + port + " did not answer OPTIONS", last);
  }

  private static boolean answersOptions(int port) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      s.setSoTimeout(2000);
      OutputStream out = s.getOutputStream();
      // A protocol v4 frame header: version, flags, stream id (2 bytes), opcode, body length (4 bytes) = 0.
      out.write(new byte[] {0x04, 0, 0, 0, OPCODE_OPTIONS, 0, 0, 0, 0});
      out.flush();
      DataInputStream in = new DataInputStream(s.getInputStream());
      byte[] header = new byte[9];
      in.readFully(header);
      return (header[0] & 0xff) == 0x84 && header[4] == OPCODE_SUPPORTED;
    }
  }
}
