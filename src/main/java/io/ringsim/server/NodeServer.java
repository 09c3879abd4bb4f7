package io.ringsim.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The native-protocol port of one simulated node. Crashing the node closes the port and every connection, as a
 * dead process would (clients see the connection drop, and new connections are refused); restarting opens it again.
 */
final class NodeServer {
  private final String node;
  private final InetSocketAddress address;
  private final ServedCluster served;
  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private Channel listening;

  NodeServer(String node, InetAddress address, int port, ServedCluster served, EventLoopGroup boss,
      EventLoopGroup workers) {
    this.node = node;
    this.address = new InetSocketAddress(address, port);
    this.served = served;
    this.boss = boss;
    this.workers = workers;
  }

  InetSocketAddress address() {
    return address;
  }

  synchronized void open() throws InterruptedException {
    if (listening != null) return;
    ServerBootstrap b = new ServerBootstrap()
        .group(boss, workers)
        .channel(NioServerSocketChannel.class)
        .option(ChannelOption.SO_REUSEADDR, true)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            clients.add(ch);
            ConnectionState state = new ConnectionState();
            ch.pipeline()
                .addLast("decoder", new FrameDecoder(state))
                .addLast("encoder", new FrameEncoder(state))
                .addLast("connection", new Connection(state, node, served));
          }
        });
    listening = b.bind(address).sync().channel();
  }

  /** Stops accepting and drops every client connection. */
  synchronized void close() {
    if (listening == null) return;
    listening.close().syncUninterruptibly();
    listening = null;
    clients.close().syncUninterruptibly();
  }

  synchronized boolean isOpen() {
    return listening != null;
  }
}
