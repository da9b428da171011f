import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones: the target looks unreachable. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay to `target` on 127.0.0.1 that a test can cut, to make a database unreachable for one process only. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    isCut = true;
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut,
    restore() {
      isCut = false;
    },
    async close() {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
