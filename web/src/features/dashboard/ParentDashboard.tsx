import Alert from '@mui/material/Alert';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { useMyChildrenQuery } from '../families/families.generated';
import { CardGrid, DashboardCard, WelcomeBanner } from '../../components/DashboardParts';
import { ChildOverview, ComingSoonCard, NO_CHILDREN_TEXT } from '../families/ParentSections';
import { ROUTES } from '@lms/routes';

/**
 * The parent dashboard (issue 17): each linked child from real data; with none linked it says so and how to
 * get linked. Grades lead to the grades page; payments, messages and the diary have no source yet.
 */
export function ParentDashboard({ firstName }: { firstName: string }) {
  const query = useMyChildrenQuery({ fetchPolicy: 'cache-and-network' });
  if (query.loading && !query.data) return <Spinner label="Loading dashboard..." />;
  const children = query.data?.myChildren ?? [];

  return (
    <>
      <WelcomeBanner
        firstName={firstName}
        subtitle={children.length > 1 ? 'Here is how your children are doing at school.' : 'Here is how your child is doing at school.'}
      />
      <Banner severity="error" message={query.error ? errorMessage(query.error, 'Failed to load your children') : null} />
      {!query.error && children.length === 0 && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {NO_CHILDREN_TEXT}
        </Alert>
      )}
      <CardGrid>
        {children.map((child) => (
          <ChildOverview key={child.child.id} child={child} />
        ))}
        <DashboardCard
          title="Grades"
          description="Scores, averages and trends per course."
          action={{ label: 'View grades', to: ROUTES.grades }}
        />
        <ComingSoonCard title="Payments" text="Fees and payments will appear here once the school connects its payment system." />
        <ComingSoonCard title="Messages" text="Messages with teachers will appear here." />
        <ComingSoonCard title="View Diary" text="The class diary will appear here." />
      </CardGrid>
    </>
  );
}
