import type { DevMessage } from '../../src/dev/protocol';

/** The dev server's event stream, read with fetch; `next` waits for a matching message after the ones already seen. */
export class EventLog {
  readonly messages: DevMessage[] = [];
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];
  private cursor = 0;

  constructor(url: string) {
    void this.read(url);
  }

  private async read(url: string) {
    try {
      const res = await fetch(url, { signal: this.controller.signal });
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) this.messages.push(JSON.parse(data.slice(6)) as DevMessage);
        }
        for (const w of this.waiters.splice(0)) w();
      }
    } catch {
      // aborted
    }
  }

  /** Skips what was received so far. */
  mark(): void {
    this.cursor = this.messages.length;
  }

  async next<T extends DevMessage['type']>(
    type: T,
    match: (m: Extract<DevMessage, { type: T }>) => boolean = () => true,
    timeout = 10_000,
  ): Promise<Extract<DevMessage, { type: T }>> {
    const deadline = Date.now() + timeout;
    for (;;) {
      for (; this.cursor < this.messages.length; this.cursor++) {
        const m = this.messages[this.cursor]!;
        if (m.type === type && match(m as Extract<DevMessage, { type: T }>)) {
          this.cursor++;
          return m as Extract<DevMessage, { type: T }>;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no "${type}" message in ${timeout} ms (cursor ${this.cursor}/${this.messages.length}); got ${JSON.stringify(this.messages.slice(-5)).slice(0, 600)}`,
        );
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => (clearTimeout(t), r()));
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}
