import Chip, { type ChipProps } from '@mui/material/Chip';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InboxIcon from '@mui/icons-material/Inbox';
import RateReviewIcon from '@mui/icons-material/RateReview';
import TimelapseIcon from '@mui/icons-material/Timelapse';
import type { ReactElement } from 'react';
import type { ReviewBadge as Badge } from '../../gql/types';

// The spec names no colours: grey for nothing to do, green when done, blue while under way, red when nothing
// has been graded yet (the theme's filled colours pass WCAG AA with their text).
const LOOKS: Record<Badge, { color: ChipProps['color']; icon: ReactElement }> = {
  NONE: { color: 'default', icon: <InboxIcon /> },
  ALL_GRADED: { color: 'success', icon: <DoneAllIcon /> },
  PARTIALLY_GRADED: { color: 'info', icon: <TimelapseIcon /> },
  NEEDS_GRADING: { color: 'error', icon: <RateReviewIcon /> },
};

/** A review card's badge: the server's words ('No Quiz Submissions', 'Partially Graded'...), coloured by its kind. */
export function ReviewBadge({ badge, label }: { badge: Badge; label: string }) {
  const look = LOOKS[badge] ?? LOOKS.NONE;
  return <Chip size="small" label={label} icon={look.icon} color={look.color} sx={{ fontWeight: 600 }} />;
}
