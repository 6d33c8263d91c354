import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { Banner, type BannerMessage } from './Banner';

/** A section's h2 with its buttons on the right (they wrap below it on narrow screens). */
export function SectionHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h2" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** 'Reuse Module' and 'Add Module' (or Content; 'Create Quiz' with `verb`): a section's two ways to add an item. */
export function ReuseAddButtons({ noun, verb = 'Add', onReuse, onAdd }: { noun: string; verb?: string; onReuse(): void; onAdd(): void }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button variant="outlined" onClick={onReuse}>
        {`Reuse ${noun}`}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {`${verb} ${noun}`}
      </Button>
    </Box>
  );
}

/** Says that a list has nothing yet; `action` is a button to add the first item. */
export function EmptyCard({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={action ? { mb: 2 } : undefined}>
        {text}
      </Typography>
      {action}
    </Paper>
  );
}

/** A list of outlined cards (render each item as `<Paper component="li">`); `label` is its accessible name. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {children}
    </Box>
  );
}

interface ListTabProps {
  /** The h2, also the list's accessible name. */
  title: string;
  actions: ReactNode;
  success: BannerMessage;
  onClearSuccess(id?: number): void;
  error: BannerMessage;
  onClearError(id?: number): void;
  count: number;
  emptyText: string;
  emptyAction?: ReactNode;
  children: ReactNode;
}

/**
 * A course page tab that lists things (modules, announcements, discussions): the success and error banners,
 * the heading with its buttons, then the empty card or the list (the page's query brought the items).
 */
export function ListTab(props: ListTabProps) {
  const { title, actions, success, onClearSuccess, error, onClearError, count, emptyText, emptyAction, children } = props;
  return (
    <>
      <Banner severity="success" message={success} onClose={onClearSuccess} />
      <Banner severity="error" message={error} onClose={onClearError} />
      <SectionHeader title={title}>{actions}</SectionHeader>
      {count === 0 ? <EmptyCard text={emptyText} action={emptyAction} /> : <CardList label={title}>{children}</CardList>}
    </>
  );
}
