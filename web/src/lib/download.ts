import { getToken } from './token';
import { EXTENSION_BY_MIME } from './fileTypes';

/** The file name of a Content-Disposition header: the RFC 5987 `filename*` first, then `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || null;
}

/** Adds an extension from the content type when the name has none (spec section 7). */
export function withExtension(name: string, contentType: string | null): string {
  if (/\.[A-Za-z0-9]{1,5}$/.test(name)) return name;
  const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const ext = EXTENSION_BY_MIME[mime];
  return ext ? `${name}.${ext}` : name;
}

/**
 * GET /api/content/download/{id} with the bearer token, then save the bytes through a blob link. Throws
 * when the server refuses (e.g. a student asking for hidden content gets 404).
 */
export function downloadContent(id: string, fallbackName: string): Promise<void> {
  return downloadFile(`/api/content/download/${encodeURIComponent(id)}`, fallbackName);
}

/** GET `path` with the bearer token; throws the server's message when it refuses. */
export async function fetchFile(path: string): Promise<Response> {
  const token = getToken();
  const res = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) {
    let message = `Download failed (${res.status})`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  return res;
}

/** GET `path` with the bearer token and save the bytes under the server's file name (or `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await fetchFile(path);
  const blob = await res.blob();
  const contentType = res.headers.get('Content-Type');
  const name = withExtension(fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackName, contentType);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
