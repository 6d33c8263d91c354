import { useEffect, useRef } from 'react';

/** Keys typed into a field are the teacher's text, not shortcuts. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface Moves {
  previous(): void;
  next(): void;
  /** Null when nothing else needs grading. */
  nextUngraded: (() => void) | null;
  saveAll(): void;
}

/**
 * The grading dashboard's keys, from anywhere on the page, score and feedback fields included (issue 25):
 * Alt+↓ / Alt+↑ next / previous, Alt+N next ungraded (by the key's place, so a layout or a Mac's Option
 * character does not matter), Ctrl+Enter (⌘+Enter) Save all; outside fields J / K / N as well. Off while a
 * dialog is open.
 */
export function useGradingKeys(active: boolean, chosen: boolean, moves: Moves): void {
  const latest = useRef(moves);
  useEffect(() => {
    latest.current = moves;
  });
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const m = latest.current;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        if (!chosen) return;
        // also keeps a score field's Enter from saving its question on its own
        event.preventDefault();
        m.saveAll();
        return;
      }
      if (event.ctrlKey || event.metaKey) return;
      const plain = !event.altKey && !event.shiftKey && !typing(event.target);
      let run: (() => void) | null = null;
      if ((event.altKey && event.key === 'ArrowDown') || (plain && event.key === 'j')) run = m.next;
      else if ((event.altKey && event.key === 'ArrowUp') || (plain && event.key === 'k')) run = m.previous;
      else if ((event.altKey && !event.shiftKey && event.code === 'KeyN') || (plain && event.key === 'n'))
        run = m.nextUngraded ?? (() => undefined);
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, chosen]);
}
