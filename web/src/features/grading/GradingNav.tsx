import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Banner, type BannerMessage } from '../../components/Banner';

interface NavProps {
  name: string;
  email: string;
  /** 0-based place in the queue (-1: not in it, e.g. filtered out) and the queue's length. */
  position: { index: number; total: number };
  headingRef: Ref<HTMLHeadingElement>;
  onBack(): void;
  onPrevious(): void;
  onNext(): void;
  /** Null when nothing else needs grading. */
  onNextUngraded: (() => void) | null;
  onSaveAll(): void;
  saving: boolean;
  unansweredCount: number;
  onGradeUnanswered(): void;
  success: BannerMessage;
  error: BannerMessage;
  clearSuccess(id?: number): void;
  clearError(id?: number): void;
}

/** The app bar's height, which a sticky header must stay below. */
const APP_BAR = { xs: 56, sm: 64 };

/**
 * The detail panel's header (issue 25 points 1 and 5): the student's name and place in the queue stay in
 * view while grading, with Save all and the outcome of a save. Previous / Next / Next ungraded sit in the
 * header on wide screens and in a bar at the bottom of the screen on phones and tablets, at thumb reach; every
 * button also has a key (Alt+↑, Alt+↓, Alt+N, Ctrl+Enter) that works from inside the score fields.
 */
export function GradingNav({ headingRef, ...p }: NavProps) {
  const place = p.position.index >= 0 ? `${p.position.index + 1} of ${p.position.total}` : `Not in the list shown (${p.position.total})`;
  return (
    <Box
      component="header"
      aria-label="Student being graded"
      sx={{
        position: 'sticky',
        top: APP_BAR,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        mx: { xs: -1.5, sm: -3 },
        px: { xs: 1.5, sm: 3 },
        pt: 1,
        pb: 1,
        mb: 2,
      }}
    >
      <Button size="small" startIcon={<ArrowBackIcon />} onClick={p.onBack} sx={{ display: { lg: 'none' }, mb: 0.5 }}>
        Back to list
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            ref={headingRef}
            tabIndex={-1}
            variant="h2"
            component="h2"
            sx={{ outline: 'none', fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
          >
            {p.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {p.email}
          </Typography>
        </Box>
        <Typography component="p" aria-label="Position" data-testid="grading-position" sx={{ fontWeight: 600 }}>
          {place}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button variant="contained" onClick={p.onSaveAll} disabled={p.saving} aria-keyshortcuts="Control+Enter">
          {p.saving ? 'Saving...' : 'Save all'}
        </Button>
        {p.unansweredCount > 0 && (
          <Button variant="outlined" onClick={p.onGradeUnanswered} disabled={p.saving}>
            {`Grade unanswered as 0 (${p.unansweredCount})`}
          </Button>
        )}
      </Box>
      <Box aria-live="polite" sx={{ '&:empty': { display: 'none' }, mt: 1 }}>
        <Banner severity="success" message={p.success} onClose={p.clearSuccess} />
        <Banner severity="error" message={p.error} onClose={p.clearError} />
      </Box>
      <Box
        component="nav"
        aria-label="Submissions"
        sx={{
          display: 'flex',
          gap: 1,
          mt: { lg: 1 },
          position: { xs: 'fixed', lg: 'static' },
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: { xs: 1100, lg: 'auto' },
          bgcolor: 'background.paper',
          borderTop: { xs: 1, lg: 0 },
          borderColor: 'divider',
          p: { xs: 1, lg: 0 },
          '& > button': { flex: { xs: 1, lg: 'none' }, minHeight: 44 },
        }}
      >
        <Button variant="outlined" onClick={p.onPrevious} disabled={p.position.index === 0} aria-keyshortcuts="Alt+ArrowUp">
          Previous
        </Button>
        <Button
          variant="outlined"
          onClick={p.onNext}
          disabled={p.position.index === p.position.total - 1}
          aria-keyshortcuts="Alt+ArrowDown"
        >
          Next
        </Button>
        <Button
          variant="contained"
          color="secondary"
          onClick={p.onNextUngraded ?? undefined}
          disabled={!p.onNextUngraded}
          aria-keyshortcuts="Alt+N"
        >
          Next ungraded
        </Button>
      </Box>
    </Box>
  );
}
