import { UPLOAD_TIMEOUT_MS } from '@patio/core/constants';
import type { FileResource } from '@patio/core/schemas/blocks';
import { ApiError } from '../../app/api/ApiError';

export interface FilePart {
  /** Multipart field: `file`, or `cameraFile` for a photo just taken (spec §7). */
  field: 'file' | 'cameraFile';
  file: File;
}

export interface SendFilesOptions {
  url: string;
  token: string | null;
  parts: readonly FilePart[];
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Thrown when an upload was stopped on purpose. */
export class UploadAborted extends Error {
  constructor() {
    super('Upload aborted');
    this.name = 'UploadAborted';
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * One multipart POST through XMLHttpRequest, the only browser API that reports upload progress
 * (spec §4 progress bar, §9 20-minute timeout). Non-2xx answers are thrown as ApiError like the API
 * client does; network failures as TypeError.
 */
export function sendFiles({ url, token, parts, onProgress, signal, timeoutMs = UPLOAD_TIMEOUT_MS }: SendFilesOptions): Promise<FileResource[]> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAborted());
      return;
    }
    const form = new FormData();
    for (const part of parts) form.append(part.field, part.file, part.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const handleAbort = () => xhr.abort();
    signal?.addEventListener('abort', handleAbort);
    const settle = () => signal?.removeEventListener('abort', handleAbort);
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(Array.isArray(body) ? (body as FileResource[]) : []);
      else reject(new ApiError(xhr.status, body, url));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Upload failed: network error'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new TypeError('Upload failed: timed out'));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadAborted());
    };
    xhr.send(form);
  });
}
