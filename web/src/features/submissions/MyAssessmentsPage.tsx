import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { Banner } from '../../components/Banner';
import { CardList, EmptyCard } from '../../components/ListTab';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { groupItems, openPath, scoreText, statusLabel, type MyItem } from './myItems';
import { StatusChip } from './StatusChip';
import { STUDENT_KINDS, type StudentKind } from './studentKinds';
import { useMyAssessmentsQuery } from './submissions.generated';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LIST_MAX } from '../../lib/listMax';

/** /dashboard/assignments: 'My Assignments'. */
export function MyAssignmentsPage() {
  return <MyAssessmentsPage kind={STUDENT_KINDS.assignment} />;
}

/** /dashboard/quizzes: the same, and the student's own class is marked '(Current)'. */
export function MyQuizzesPage() {
  return <MyAssessmentsPage kind={STUDENT_KINDS.quiz} markCurrentClass />;
}

/** /dashboard/exams: 'My Exams'. */
export function MyExamsPage() {
  return <MyAssessmentsPage kind={STUDENT_KINDS.exam} />;
}

/**
 * The student's items of one kind in a tree of academic year, class and subject (assessments.md section 2), each
 * with its status and, when the server sends it, its score. One request.
 */
function MyAssessmentsPage({ kind, markCurrentClass = false }: { kind: StudentKind; markCurrentClass?: boolean }) {
  useDocumentTitle(kind.listTitle);
  const query = useMyAssessmentsQuery({ variables: { kind: kind.gql, max: LIST_MAX } });
  const items = query.data?.myAssessments.nodes ?? [];
  const years = groupItems(items, markCurrentClass ? (query.data?.me.user.class?.id ?? null) : null);

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        {kind.listTitle}
      </Typography>
      <Banner severity="error" message={query.error ? errorMessage(query.error, kind.listFailedText) : null} />
      {query.loading && !query.data ? (
        <Spinner />
      ) : items.length === 0 ? (
        !query.error && <EmptyCard text={`You have no ${kind.plural.toLowerCase()} yet.`} />
      ) : (
        years.map((year) => (
          <Box component="section" key={year.key} aria-labelledby={`year-${year.key}`} sx={{ mb: 4 }}>
            <Typography id={`year-${year.key}`} variant="h2" component="h2" sx={{ mb: 2 }}>
              {year.year}
              {year.isCurrent ? ' (Current)' : ''}
            </Typography>
            {year.classes.map((group) => (
              <Paper
                component="section"
                variant="outlined"
                key={group.key}
                aria-labelledby={`class-${year.key}-${group.key}`}
                sx={{ p: 2, mb: 2 }}
              >
                <Typography id={`class-${year.key}-${group.key}`} variant="h3" component="h3" sx={{ mb: 1.5 }}>
                  {group.name}
                  {group.isCurrent ? ' (Current)' : ''}
                </Typography>
                {group.subjects.map((subject) => (
                  <Box component="section" key={subject.key} aria-label={`${group.name} ${subject.name}`} sx={{ mb: 2 }}>
                    <Typography variant="h4" component="h4" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
                      {subject.name}
                    </Typography>
                    <CardList label={`${kind.plural} of ${subject.name}`}>
                      {subject.items.map((item) => (
                        <ItemCard key={item.id} kind={kind} item={item} />
                      ))}
                    </CardList>
                  </Box>
                ))}
              </Paper>
            ))}
          </Box>
        ))
      )}
    </>
  );
}

function ItemCard({ kind, item }: { kind: StudentKind; item: MyItem }) {
  const status = item.myStatus;
  const score = status?.score;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={item.title}
      sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 20rem' }}>
        <Link component={RouterLink} to={openPath(kind, item.id, status)} sx={{ fontWeight: 600 }}>
          {item.title}
        </Link>
        {item.description && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
            {item.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Due: {formatDateTime(status?.dueDate ?? item.dueDate)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
        <StatusChip label={statusLabel(status)} />
        {score &&
          (score.isAutoSubmitted ? (
            <Typography variant="body2">
              {`Auto Score: ${scoreText(score)} `}
              <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                Overdue
              </Box>
            </Typography>
          ) : (
            <Typography variant="body2">{`Score: ${scoreText(score)}`}</Typography>
          ))}
      </Box>
    </Paper>
  );
}
