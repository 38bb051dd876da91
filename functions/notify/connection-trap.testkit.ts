import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A listener on 127.0.0.1 standing where a rebinding name points: the SSRF tests count the connections it sees. */
export interface ConnectionTrap {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Answers every connection with a bare 204 and closes it, so a delivery that does get through ends at once. */
export async function startConnectionTrap(): Promise<ConnectionTrap> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
