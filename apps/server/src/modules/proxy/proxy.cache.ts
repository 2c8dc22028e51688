import type { ProxyResult } from './proxy.fetch';

// Pictures fetched for /proxy/, kept in memory (decision 028): bounded by their total size, the least
// recently used dropped first, each kept an hour (a failure a minute, so a broken picture on a busy
// page is not fetched on every view). Readers asking for one picture at once share one fetch.

/** Total bytes of pictures one server process keeps. */
export const PROXY_CACHE_BYTES = 64 * 1024 * 1024;
export const PROXY_CACHE_TTL_MS = 60 * 60 * 1000;
export const PROXY_FAILURE_TTL_MS = 60 * 1000;

interface Entry {
  result: ProxyResult;
  size: number;
  expires: number;
}

/** One per app instance (routes plugin), never module state: each test app starts empty. */
export class ImageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<ProxyResult>>();
  private size = 0;

  constructor(
    private readonly maxBytes = PROXY_CACHE_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached result for `url`, or the one `load` gives (a single call however many ask at once). */
  async get(url: string, load: () => Promise<ProxyResult>): Promise<ProxyResult> {
    const cached = this.entries.get(url);
    if (cached && cached.expires > this.now()) {
      // Map order is recency: move it to the end.
      this.entries.delete(url);
      this.entries.set(url, cached);
      return cached.result;
    }
    if (cached) this.remove(url);
    let pending = this.inflight.get(url);
    if (!pending) {
      pending = load()
        .then((result) => {
          this.put(url, result);
          return result;
        })
        .finally(() => this.inflight.delete(url));
      this.inflight.set(url, pending);
    }
    return pending;
  }

  private put(url: string, result: ProxyResult): void {
    const size = (result.ok ? result.bytes.length : 0) + url.length;
    if (size > this.maxBytes) return;
    this.remove(url);
    this.entries.set(url, { result, size, expires: this.now() + (result.ok ? PROXY_CACHE_TTL_MS : PROXY_FAILURE_TTL_MS) });
    this.size += size;
    for (const oldest of this.entries.keys()) {
      if (this.size <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.size -= entry.size;
  }
}
