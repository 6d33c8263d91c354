import { useCallback, useState } from 'react';

/**
 * The content width of an element, kept current as it resizes (a chart drawn to fit its container rather
 * than at a fixed size that a phone scrolls sideways). Null until the element is mounted; pass the returned
 * callback as the element's `ref`.
 */
export function useElementWidth<T extends HTMLElement>(): [number | null, (el: T | null) => (() => void) | undefined] {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((el: T | null) => {
    if (!el) return undefined;
    // a ref callback runs before the first paint: the chart never shows at its natural width on a phone
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [width, ref];
}
