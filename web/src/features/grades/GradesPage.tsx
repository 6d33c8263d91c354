import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { Loaded } from '../../components/DetailPage';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CourseGradesCard } from './CourseGradesCard';
import { useGradesChildrenQuery, useMyGradesQuery, useStudentGradesQuery, type CourseGradesCardFragment } from './grades.generated';

/** The courses of one report, each with its card; a word when there are none. */
export function GradesReport({ courses, whose }: { courses: CourseGradesCardFragment[]; whose: string }) {
  if (courses.length === 0) return <Alert severity="info">{`${whose} no courses yet.`}</Alert>;
  return (
    <>
      {courses.map((c) => (
        <CourseGradesCard key={c.courseId} course={c} />
      ))}
    </>
  );
}

function MyGrades() {
  const q = useMyGradesQuery({ fetchPolicy: 'cache-and-network' });
  const report = q.data?.myGrades ?? null;
  return (
    <Loaded
      loading={q.loading && !report}
      error={q.error ? errorMessage(q.error, 'Could not load the grades.') : null}
      value={report}
      notFoundText="No grades."
    >
      {(r) => <GradesReport courses={r.courses} whose="You have" />}
    </Loaded>
  );
}

function ChildGrades({ childId }: { childId: string }) {
  const q = useStudentGradesQuery({ variables: { studentId: childId }, fetchPolicy: 'cache-and-network' });
  const report = q.data?.studentGrades ?? null;
  return (
    <Loaded
      loading={q.loading && !report}
      error={q.error ? errorMessage(q.error, 'Could not load the grades.') : null}
      value={report}
      notFoundText="No grades."
    >
      {(r) => <GradesReport courses={r.courses} whose={`${r.student.firstName} has`} />}
    </Loaded>
  );
}

/** A parent: a linked child's report (the one named by ?child=, else the first), with a selector when there are several. */
function ParentGrades() {
  const q = useGradesChildrenQuery({ fetchPolicy: 'cache-and-network' });
  const [params, setParams] = useSearchParams();
  const children = (q.data?.myChildren ?? []).map((c) => c.child);
  if (q.loading && !q.data) return <Spinner />;
  if (q.error) return <Alert severity="error">{errorMessage(q.error, 'Could not load your children.')}</Alert>;
  if (children.length === 0) {
    return <Alert severity="info">No children are linked to your account yet. Ask the school office to link you to your child.</Alert>;
  }
  const chosen = children.find((c) => c.id === params.get('child')) ?? children[0];
  return (
    <>
      {children.length > 1 && (
        <TextField
          id="grades-child"
          label="Child"
          select
          value={chosen.id}
          onChange={(e) => setParams({ child: e.target.value }, { replace: true })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ mb: 3, minWidth: 240, maxWidth: '100%' }}
        >
          {children.map((c) => (
            <option key={c.id} value={c.id}>{`${c.firstName} ${c.lastName}`}</option>
          ))}
        </TextField>
      )}
      {children.length === 1 && <Typography color="text.secondary" sx={{ mb: 2 }}>{`${chosen.firstName} ${chosen.lastName}`}</Typography>}
      <ChildGrades key={chosen.id} childId={chosen.id} />
    </>
  );
}

/**
 * /dashboard/grades: per course, each graded item with its score and percentage, the course average (points
 * earned over points possible of released, graded work) and its trend. Students see their own; parents
 * each linked child's, exactly as the child sees it (/dashboard/grades?child={id} opens one).
 */
export function GradesPage() {
  useDocumentTitle('Grades');
  const { activeRole } = useSession();
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        Grades
      </Typography>
      {activeRole === 'STUDENT' ? (
        <MyGrades />
      ) : activeRole === 'PARENT' ? (
        <ParentGrades />
      ) : (
        <Alert severity="info">
          Grades are shown to students and their parents. Teachers find each course&apos;s gradebook on the course page.
        </Alert>
      )}
    </>
  );
}
