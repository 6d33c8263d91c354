import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Navigate, Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NO_CHILDREN_TEXT } from './ParentSections';
import { useChildCoursesQuery, useMyChildrenQuery } from './families.generated';
import { ChildAssessmentsTab, ChildAttendanceTab, ChildCoursesTab } from './ChildTabs';
import { pathTo } from '@lms/routes';

const TABS = ['Courses', 'Assessments', 'Attendance'] as const;
type Tab = (typeof TABS)[number];

/** /dashboard/children/:studentId: a linked child's courses, work (status, score, feedback) and attendance. */
export function ChildPage() {
  const { studentId = '' } = useParams();
  // ?tab=Attendance opens that tab (the parent's sidebar entry 'Attendance' leads here)
  const [search] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => TABS.find((t) => t === search.get('tab')) ?? 'Courses');
  const children = useMyChildrenQuery({ fetchPolicy: 'cache-first' });
  const courses = useChildCoursesQuery({ variables: { studentId }, fetchPolicy: 'cache-and-network' });
  const child = children.data?.myChildren.find((c) => c.child.id === studentId)?.child;
  const name = child ? `${child.firstName} ${child.lastName}` : 'Child';
  useDocumentTitle(name);

  if (courses.loading && !courses.data) return <Spinner label="Loading..." />;
  if (courses.error) return <Alert severity="error">{errorMessage(courses.error, 'Failed to load this child')}</Alert>;
  const info = courses.data?.childCourses.studentInfo;

  return (
    <>
      <Typography variant="h1" component="h1">
        {name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {info?.class ? `${info.class.name}${info.academicYear ? ` · ${info.academicYear.year}` : ''}` : 'Not placed in a class yet'}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_e, v) => setTab(v)}
          aria-label={`${name}'s school work`}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={t} id={`child-tab-${t}`} aria-controls={`child-panel-${t}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`child-panel-${tab}`} aria-labelledby={`child-tab-${tab}`}>
        {tab === 'Courses' && courses.data && <ChildCoursesTab data={courses.data.childCourses} />}
        {tab === 'Assessments' && <ChildAssessmentsTab studentId={studentId} />}
        {tab === 'Attendance' && <ChildAttendanceTab studentId={studentId} />}
      </Box>
    </>
  );
}

/** /dashboard/child-overview (the parent's sidebar): the only child's page, or a choice between several. */
export function ChildrenPage() {
  useDocumentTitle('Child Overview');
  const { search } = useLocation();
  const query = useMyChildrenQuery({ fetchPolicy: 'cache-and-network' });
  if (query.loading && !query.data) return <Spinner label="Loading..." />;
  const children = query.data?.myChildren ?? [];
  if (children.length === 1) return <Navigate to={`${pathTo('child', { studentId: children[0].child.id })}${search}`} replace />;
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Child Overview
      </Typography>
      {query.error && <Alert severity="error">{errorMessage(query.error, 'Failed to load your children')}</Alert>}
      {!query.error && children.length === 0 && <Alert severity="info">{NO_CHILDREN_TEXT}</Alert>}
      <Box component="ul" sx={{ pl: 2 }}>
        {children.map((c) => (
          <li key={c.child.id}>
            <Link component={RouterLink} to={`${pathTo('child', { studentId: c.child.id })}${search}`}>
              {`${c.child.firstName} ${c.child.lastName}`}
            </Link>
          </li>
        ))}
      </Box>
    </>
  );
}
