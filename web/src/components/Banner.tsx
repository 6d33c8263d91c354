import { useEffect, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Banners and success messages clear after this many ms (spec section 9). */
export const BANNER_TIMEOUT_MS = 3000;

interface BannerProps {
  severity: AlertColor;
  /** Nothing is rendered when the message is empty. */
  message: ReactNode;
  title?: string;
  /** Called after `BANNER_TIMEOUT_MS`; omit for a banner that stays. */
  onClose?: () => void;
  autoClearMs?: number;
}

/** A coloured message box; with `onClose` it clears itself after 3 seconds. */
export function Banner({ severity, message, title, onClose, autoClearMs = BANNER_TIMEOUT_MS }: BannerProps) {
  useEffect(() => {
    if (!message || !onClose) return undefined;
    const timer = window.setTimeout(onClose, autoClearMs);
    return () => window.clearTimeout(timer);
  }, [message, onClose, autoClearMs]);

  if (!message) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} sx={{ mb: 2 }}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {message}
    </Alert>
  );
}
