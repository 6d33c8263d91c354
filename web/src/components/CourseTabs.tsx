import { Suspense, useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from './Spinner';

export interface TabDef {
  key: string;
  label: string;
  render(): ReactNode;
  /** Loads the panel's code when it comes on demand (lazyPage): CourseTabs asks once the page is on screen. */
  preload?: () => Promise<unknown>;
}

/**
 * Tabs whose choice is kept in the `tab` query parameter (a reload stays on the tab); the first tab is the
 * default. Only the chosen panel is rendered; its data comes with the page's query, and its code may come on
 * demand (a panel made with lazyPage, with its `preload`), so the first load carries the first panel's only.
 */
export function CourseTabs({ id, label, tabs }: { id: string; label: string; tabs: TabDef[] }) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.key === params.get('tab')) ?? tabs[0];
  // the other panels' code downloads after the first one is shown, so a later click seldom waits
  useEffect(() => {
    for (const t of tabs) void t.preload?.().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: the tabs are the same for the page
  }, []);
  const choose = (key: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (key === tabs[0].key) next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={current.key} onChange={(_, key: string) => choose(key)} aria-label={label} variant="scrollable" scrollButtons="auto">
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`${id}-tab-${t.key}`} aria-controls={`${id}-panel-${t.key}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${id}-panel-${current.key}`} aria-labelledby={`${id}-tab-${current.key}`}>
        <Suspense fallback={<Spinner />}>{current.render()}</Suspense>
      </Box>
    </>
  );
}
