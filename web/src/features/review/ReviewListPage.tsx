import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { CardList } from '../../components/ListTab';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatDateTime } from '../../lib/format';
import { ReviewBadge } from './ReviewBadge';
import { REVIEW_KINDS, type ReviewKind } from './reviewKinds';
import { useReviewList, type ReviewCard, type ReviewGroup, type ReviewList } from './useReviewList';

/** /dashboard/teacher/assignments: 'Assignment Review'. */
export function AssignmentReviewPage() {
  return <ReviewListPage kind={REVIEW_KINDS.assignment} />;
}

/** /dashboard/teacher/quizzes: 'Quiz Review' (quizzes placed through their module's course). */
export function QuizReviewPage() {
  return <ReviewListPage kind={REVIEW_KINDS.quiz} />;
}

/** /dashboard/teacher/exams: 'Exam Review'. */
export function ExamReviewPage() {
  return <ReviewListPage kind={REVIEW_KINDS.exam} />;
}

/**
 * A review list (assessments.md section 2): the items of one kind in collapsible levels of academic year, class
 * and subject, each card with its counts and badge, opening the item's grading dashboard. One request.
 */
function ReviewListPage({ kind }: { kind: ReviewKind }) {
  useDocumentTitle(kind.title);
  const list = useReviewList(kind);

  return (
    <>
      <Typography variant="h1" component="h1">
        {kind.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {kind.subtitle}
      </Typography>
      {!list.allowed ? (
        <Alert severity="error" role="alert">
          You don't have permission to access this page.
        </Alert>
      ) : (
        <>
          <Banner severity="error" message={list.error} />
          {list.loading ? (
            <Spinner label={`Loading ${kind.plural.toLowerCase()}...`} />
          ) : list.count === 0 ? (
            !list.error && (
              <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
                <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                  {kind.emptyText}
                </Typography>
                <Typography color="text.secondary">{kind.emptyDetail}</Typography>
              </Paper>
            )
          ) : (
            list.years.map((year) => (
              <Level key={year.key} group={year} level={2} list={list} sx={{ mb: 3 }}>
                {year.children.map((cls) => (
                  <Level key={cls.key} group={cls} level={3} list={list} outlined sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
                    {cls.children.map((subject) => (
                      <Level key={subject.key} group={subject} level={4} list={list} sx={{ mb: 2, '&:last-of-type': { mb: 0 } }}>
                        <CardList label={`${kind.plural} of ${cls.label} ${subject.label}`}>
                          {subject.children.map((item) => (
                            <ItemCard key={item.assessment.id} kind={kind} item={item} />
                          ))}
                        </CardList>
                      </Level>
                    ))}
                  </Level>
                ))}
              </Level>
            ))
          )}
        </>
      )}
    </>
  );
}

const HEADING_SX = {
  2: { fontSize: '1.375rem' },
  3: { fontSize: '1.125rem' },
  4: { fontSize: '1rem', fontWeight: 600 },
} as const;

interface LevelProps {
  group: ReviewGroup<unknown>;
  level: 2 | 3 | 4;
  list: ReviewList;
  /** Draw the level as an outlined box (the class level). */
  outlined?: boolean;
  sx?: object;
  children: ReactNode;
}

/** One level of the tree: a section whose heading is a button that closes and opens what is below it. */
function Level({ group, level, list, outlined = false, sx, children }: LevelProps) {
  const open = list.isOpen(group.key);
  const headingId = `${group.domId}-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ ...(outlined && { border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }), ...sx }}
    >
      <Typography id={headingId} variant={`h${level}`} component={`h${level}`} sx={{ ...HEADING_SX[level], mb: 1 }}>
        <ButtonBase
          aria-expanded={open}
          aria-controls={group.domId}
          onClick={() => list.toggle(group.key)}
          sx={{
            font: 'inherit',
            gap: 0.5,
            py: 0.5,
            pr: 1,
            borderRadius: 1,
            textAlign: 'left',
            '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          {open ? <ExpandLessIcon aria-hidden="true" fontSize="small" /> : <ExpandMoreIcon aria-hidden="true" fontSize="small" />}
          {group.label}
        </ButtonBase>
      </Typography>
      <Collapse in={open} id={group.domId}>
        {children}
      </Collapse>
    </Box>
  );
}

/** A card: title (the whole card opens the grading dashboard), description, due date, counts and badge. */
function ItemCard({ kind, item }: { kind: ReviewKind; item: ReviewCard }) {
  const { assessment } = item;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={assessment.title}
      sx={{
        position: 'relative',
        p: 2,
        display: 'flex',
        gap: 1.5,
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Link
          component={RouterLink}
          to={kind.submissionsPath(assessment.id)}
          underline="hover"
          // the link covers the card, so a click anywhere on it opens the dashboard with one link to tab to
          sx={{
            fontWeight: 600,
            overflowWrap: 'anywhere',
            '&::after': { content: '""', position: 'absolute', inset: 0 },
            '&:focus-visible': { outline: 'none' },
          }}
        >
          {assessment.title}
        </Link>
        {assessment.description && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {assessment.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {`Due: ${formatDateTime(assessment.dueDate)}`}
        </Typography>
        <Box component="p" sx={{ typography: 'body2', m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <span>{`Submissions: ${item.submissionCount}`}</span>
          <span>{`Graded: ${item.gradedCount}`}</span>
          <span>{`Pending: ${item.pendingCount}`}</span>
        </Box>
      </Box>
      <ReviewBadge badge={item.badge} label={item.badgeLabel} />
    </Paper>
  );
}
