// A small Chrome DevTools Protocol client on Node's own WebSocket: enough to give the browser the
// session cookies and to watch which scripts a page loads, without Puppeteer.

type Params = Record<string, unknown>;
type Listener = (params: Params) => void;

interface Pending {
  resolve(value: Params): void;
  reject(error: Error): void;
}

export class Cdp {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<Listener>>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => this.onMessage(String(event.data)));
    socket.addEventListener('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('DevTools connection closed'));
      this.pending.clear();
    });
  }

  /** Connects to the first page target of the Chromium listening on `port`. */
  static async connectToPage(port: number): Promise<Cdp> {
    const res = await fetch(`http://127.0.0.1:${port}/json/list`);
    const targets = (await res.json()) as { type: string; webSocketDebuggerUrl?: string }[];
    const page = targets.find((t) => t.type === 'page' && t.webSocketDebuggerUrl);
    if (!page?.webSocketDebuggerUrl) throw new Error(`no page target on DevTools port ${port}`);
    const socket = new WebSocket(page.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error('cannot open the DevTools socket')), {
        once: true,
      });
    });
    return new Cdp(socket);
  }

  send(method: string, params: Params = {}, timeoutMs = 30_000): Promise<Params> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise<Params>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  on(event: string, listener: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Evaluates an expression in the page and returns its value (JSON-serialisable values only). */
  async evaluate<T>(expression: string): Promise<T> {
    const out = await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    const details = out.exceptionDetails as
      { text?: string; exception?: { description?: string } } | undefined;
    if (details) throw new Error(`page script failed: ${details.exception?.description ?? details.text}`);
    return (out.result as { value: T }).value;
  }

  /** Navigates and resolves on the load event. */
  async navigate(url: string, timeoutMs = 60_000): Promise<void> {
    await this.send('Page.enable');
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`${url}: no load event within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.on('Page.loadEventFired', () => {
        clearTimeout(timer);
        off();
        resolve();
      });
    });
    const nav = await this.send('Page.navigate', { url });
    if (typeof nav.errorText === 'string' && nav.errorText) throw new Error(`${url}: ${nav.errorText}`);
    await loaded;
  }

  close(): void {
    this.socket.close();
  }

  private onMessage(text: string): void {
    const msg = JSON.parse(text) as {
      id?: number;
      method?: string;
      params?: Params;
      result?: Params;
      error?: { message: string };
    };
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result ?? {});
      return;
    }
    if (msg.method) for (const l of this.listeners.get(msg.method) ?? []) l(msg.params ?? {});
  }
}
