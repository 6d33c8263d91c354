import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `ms` milliseconds (a search field asks when the typing pauses). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
