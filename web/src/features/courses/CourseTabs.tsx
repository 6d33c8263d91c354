import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';

export interface TabDef {
  key: string;
  label: string;
  render(): ReactNode;
}

/**
 * Tabs whose choice is kept in the `tab` query parameter (a reload stays on the tab); the first tab is the
 * default. Only the chosen panel is rendered; its data comes with the page's query.
 */
export function CourseTabs({ id, label, tabs }: { id: string; label: string; tabs: TabDef[] }) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.key === params.get('tab')) ?? tabs[0];
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
        {current.render()}
      </Box>
    </>
  );
}
