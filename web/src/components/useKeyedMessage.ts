import { useCallback, useState } from 'react';

/**
 * A banner's text with an id of its own: the same text shown twice is two messages, each with its own
 * 3-second timer, and a timer can clear only the message it was started for (issue 14: a second banner was
 * cleared by the first one's timer).
 */
export interface KeyedMessage {
  id: number;
  text: string;
}

let lastId = 0;

export function keyedMessage(text: string): KeyedMessage {
  lastId += 1;
  return { id: lastId, text };
}

export function isKeyedMessage(value: unknown): value is KeyedMessage {
  return typeof value === 'object' && value !== null && 'id' in value && 'text' in value && !('$$typeof' in value);
}

/**
 * One banner slot: `show(text)` puts up a new message (a new id even for the same text), `clear(id)` takes
 * down that message only, `clear()` whatever shows.
 */
export function useKeyedMessage() {
  const [message, setMessage] = useState<KeyedMessage | null>(null);
  const show = useCallback((text: string | null) => setMessage(text ? keyedMessage(text) : null), []);
  const clear = useCallback((id?: number) => setMessage((m) => (m && (id === undefined || m.id === id) ? null : m)), []);
  return { message, show, clear };
}
