import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { DevMessage } from './protocol';

/**
 * Server-Sent Events to every open page: one long response per tab, a comment every
 * 15 s so proxies keep it open, and the browser's EventSource reconnects by itself.
 */
export class LiveChannel {
  readonly serverId = randomUUID();
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': keep-alive\n\n');
    }, 15_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Takes over a request as an event stream; the hello (with `state`) and `initial` messages are sent at once. */
  attach(
    req: IncomingMessage,
    res: ServerResponse,
    initial: DevMessage[],
    state: { apiPending?: boolean } = {},
  ): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 500\n\n');
    const hello: DevMessage = { type: 'hello', serverId: this.serverId, ...state };
    for (const m of [hello, ...initial]) res.write(`data: ${JSON.stringify(m)}\n\n`);
    this.clients.add(res);
    req.socket.setNoDelay(true);
    const drop = () => this.clients.delete(res);
    req.on('close', drop);
    res.on('error', drop);
  }

  send(message: DevMessage): void {
    const frame = `data: ${JSON.stringify(message)}\n\n`;
    for (const res of this.clients) res.write(frame);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
