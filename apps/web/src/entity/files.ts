import { RequestError } from '../shared/errors.ts';
import { getIdToken } from '../auth/session.ts';

export interface UploadedFile {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly contentType: string;
}

/** Uploads a file to `/files` with progress (XMLHttpRequest: fetch has no upload progress). */
export async function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<UploadedFile> {
  const token = await getIdToken();
  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/files');
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'key' in body) {
        resolve(body as UploadedFile);
      } else {
        const message =
          (body as { message?: string } | null)?.message ??
          (xhr.status === 413 ? 'This file is too large.' : `The upload failed (HTTP ${xhr.status}).`);
        reject(new RequestError({ message, url: '/files', status: xhr.status }));
      }
    };
    xhr.onerror = () =>
      reject(
        new RequestError({
          message: 'The upload failed: no connection to the server.',
          url: '/files',
          status: 0,
        }),
      );
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** The last part of a file key, for display. */
export function fileNameOf(key: string): string {
  const last = key.split('/').pop() ?? key;
  return decodeURIComponent(last.replace(/^[0-9a-f-]{36}[-_]/i, ''));
}

/** The URL of a stored file; `inline` asks the server to let the browser show it (PDF and images). */
export function fileUrl(key: string, inline = false): string {
  return `/files/${key.split('/').map(encodeURIComponent).join('/')}${inline ? '?inline=1' : ''}`;
}

/** A stored file's content, fetched with the Authorization header (a plain link could not send it). */
export async function fetchFile(key: string, inline = false): Promise<Blob> {
  const token = await getIdToken();
  const url = fileUrl(key, inline);
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: token } : {} });
  } catch {
    throw new RequestError({
      message: 'No connection to the server. Check your network and try again.',
      url,
      status: 0,
    });
  }
  if (!res.ok) {
    throw new RequestError({
      message:
        res.status === 404
          ? 'This file no longer exists.'
          : res.status === 403
            ? 'You do not have access to this file.'
            : `The file could not be loaded (HTTP ${res.status}).`,
      url,
      status: res.status,
    });
  }
  return res.blob();
}

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Downloads a stored file via fetch + blob, sending the token. */
export async function openFile(key: string): Promise<void> {
  saveBlob(await fetchFile(key), fileNameOf(key));
}

/** How the browser can show a file of this content type in place, or null (download only). */
export function previewKindOf(contentType: string): 'pdf' | 'image' | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg') return 'image';
  return null;
}
