import { useEffect, useState } from 'react';
import { fetchFile } from './download';

export type BlobState = { url: string } | { error: string } | null;

/**
 * A file fetched with the bearer token (as a download is; an <img src> or <iframe src> cannot send it) and offered
 * as a blob: address, which the content security policy allows for images and frames; revoked when `path` changes
 * or the component goes. `type` retypes the bytes (so the browser's viewer opens a PDF); null while loading.
 */
export function useBlobUrl(path: string, type?: string): BlobState {
  const [state, setState] = useState<{ path: string; value: BlobState }>({ path, value: null });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    fetchFile(path)
      .then((res) => res.blob())
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(type ? new Blob([blob], { type }) : blob);
        setState({ path, value: { url } });
      })
      .catch((err: unknown) => {
        if (!cancelled) setState({ path, value: { error: err instanceof Error ? err.message : 'Failed to load the file' } });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, type]);
  return state.path === path ? state.value : null;
}
