import { useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { StatusChip, type StatusLabel } from '../submissions/StatusChip';
import { MyAttendanceTable } from '../attendance/MyAttendanceTable';
import { useChildAssessmentsQuery, useChildAttendanceQuery, type ChildCoursesQuery } from './families.generated';
import { useCursorPages } from '../../components/useCursorPages';
import { LIST_MAX } from '../../lib/listMax';

const KIND_LABEL: Record<string, string> = { ASSIGNMENT: 'Assignment', EXAM: 'Exam', QUIZ: 'Quiz' };

/** The child's courses: subject, title and teachers. */
export function ChildCoursesTab({ data }: { data: ChildCoursesQuery['childCourses'] }) {
  if (data.courses.length === 0) return <Typography color="text.secondary">No courses yet.</Typography>;
  return (
    <List aria-label="Courses">
      {data.courses.map((c) => (
        <ListItem key={c.id} disableGutters divider>
          <ListItemText
            primary={`${c.subject.name} · ${c.title}`}
            secondary={
              c.teachers.length ? `Taught by ${c.teachers.map((t) => `${t.firstName} ${t.lastName}`).join(', ')}` : 'No teacher yet'
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

/** The child's work: status, the score when the child may see it, and the teacher's feedback. */
export function ChildAssessmentsTab({ studentId }: { studentId: string }) {
  const query = useChildAssessmentsQuery({ variables: { studentId, max: LIST_MAX }, fetchPolicy: 'cache-and-network' });
  if (query.loading && !query.data) return <Spinner label="Loading assessments..." />;
  const items = query.data?.childAssessments.nodes ?? [];
  return (
    <>
      <Banner severity="error" message={query.error ? errorMessage(query.error, 'Failed to load assessments') : null} />
      {items.length === 0 ? (
        <Typography color="text.secondary">No assignments, exams or quizzes yet.</Typography>
      ) : (
        <ResponsiveTable columns={['Title', 'Course', 'Due', 'Status', 'Score', 'Feedback']} size="small" aria-label="Assessments">
          <TableHead>
            <TableRow>
              <TableCell>Title</TableCell>
              <TableCell>Course</TableCell>
              <TableCell>Due</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Score</TableCell>
              <TableCell>Feedback</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((i) => {
              const feedback = (i.submission?.answers ?? []).map((a) => a.grade?.feedback).filter((f): f is string => !!f);
              const score = i.status.score;
              return (
                <TableRow key={i.assessment.id}>
                  <TableCell>
                    {i.assessment.title}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {KIND_LABEL[i.assessment.kind] ?? i.assessment.kind}
                    </Typography>
                  </TableCell>
                  <TableCell>{i.assessment.course?.subject.name ?? i.assessment.course?.title ?? ''}</TableCell>
                  <TableCell>{formatDateTime(i.status.dueDate)}</TableCell>
                  <TableCell>
                    <StatusChip label={i.status.label as StatusLabel} />
                  </TableCell>
                  <TableCell>{score ? `${score.totalScore}/${score.maxScore} (${score.percentage}%)` : '-'}</TableCell>
                  <TableCell>{feedback.length ? feedback.join(' · ') : '-'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </ResponsiveTable>
      )}
    </>
  );
}

/** The child's attendance records (the student's own table, paged) with the rate. */
export function ChildAttendanceTab({ studentId }: { studentId: string }) {
  const pages = useCursorPages();
  const [pageSize, setPageSize] = useState(25);
  const query = useChildAttendanceQuery({
    variables: { studentId, after: pages.after, first: pageSize },
    fetchPolicy: 'cache-and-network',
  });
  if (query.loading && !query.data) return <Spinner label="Loading attendance..." />;
  const data = query.data?.childAttendance;
  return (
    <>
      <Banner severity="error" message={query.error ? errorMessage(query.error, 'Failed to load attendance') : null} />
      {data && (
        <>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 2 }}>
            <Typography>{`Attendance rate: ${data.summary.total ? `${data.summary.rate}%` : 'no records yet'}`}</Typography>
            <Typography color="text.secondary">{`Present ${data.summary.present} · Late ${data.summary.late} · Absent ${data.summary.absent}`}</Typography>
          </Box>
          <MyAttendanceTable
            records={data.records.nodes}
            total={data.records.totalCount}
            loading={query.loading}
            page={pages.page}
            pageSize={pageSize}
            onPageChange={(next) => pages.setPage(next, data.records.pageInfo.endCursor)}
            onPageSizeChange={(size) => {
              setPageSize(size);
              pages.reset();
            }}
          />
        </>
      )}
    </>
  );
}
