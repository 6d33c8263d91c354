import { useEffect, useRef, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { isKeyedMessage, type KeyedMessage } from './useKeyedMessage';

/** Banners and success messages clear after this many ms (spec section 9). */
export const BANNER_TIMEOUT_MS = 3000;

/** What a banner shows: a keyed message (from `useKeyedMessage`), or plain text for a banner that stays. */
export type BannerMessage = KeyedMessage | ReactNode;

interface BannerProps {
  severity: AlertColor;
  /** Nothing is rendered when the message is empty. */
  message: BannerMessage;
  title?: string;
  /**
   * Called after `BANNER_TIMEOUT_MS` with the id of the message it was started for (a keyed message); omit
   * for a banner that stays.
   */
  onClose?: (id?: number) => void;
  autoClearMs?: number;
}

/** A coloured message box; with `onClose` it clears itself after 3 seconds. */
export function Banner({ severity, message, title, onClose, autoClearMs = BANNER_TIMEOUT_MS }: BannerProps) {
  const keyed = isKeyedMessage(message) ? message : null;
  const text: ReactNode = keyed ? keyed.text : (message as ReactNode);
  // each message gets its own timer: a new id (even with the same text) starts a new one, and the callback
  // in use when it fires is the latest, so a page re-rendering does not restart it
  const identity: unknown = keyed ? keyed.id : text;
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const closes = Boolean(onClose);

  useEffect(() => {
    if (!identity || !closes) return undefined;
    const id = typeof identity === 'number' ? identity : undefined;
    const timer = window.setTimeout(() => closeRef.current?.(id), autoClearMs);
    return () => window.clearTimeout(timer);
  }, [identity, closes, autoClearMs]);

  if (!text) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} sx={{ mb: 2 }}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {text}
    </Alert>
  );
}
