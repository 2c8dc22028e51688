export interface DownloadProgress {
  loaded: number;
  /** From Content-Length; null when the server does not say. */
  total: number | null;
}

/**
 * Fetches a signed address chunk by chunk, reporting the bytes read, and answers the whole file.
 * Signed addresses carry their own right: no token and no cookie goes with them.
 */
export async function fetchWithProgress(url: string, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  const total = Number(response.headers.get('Content-Length')) || null;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ loaded: blob.size, total });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(chunks, { type });
}

/** Hands a file to the browser's "save" under its name. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
