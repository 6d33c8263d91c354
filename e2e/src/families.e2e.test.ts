/**
 * Families (issue 17): the demo parent signs in and sees the linked child's graded quiz and attendance on the
 * dashboard and on the child's page; an admin links a parent to a student on the user page.
 */
import { DEMO, GQL_ROLE, login, storedToken, type Role } from './support/auth';
import { assert, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { apiToken, stamp } from './support/school';
import { sidebar } from './support/layout';

type Item = { title: string; kind: string; label: string; score: { totalScore: number; maxScore: number; percentage: number } | null };
type Children = { myChildren: Array<{ child: { id: string }; attendance: { total: number; rate: number }; recentGraded: Item[] }> };
const CHILDREN = `{ myChildren { child { id } attendance { total rate } recentGraded { title kind label score { totalScore maxScore percentage } } } }`;

describe('families', () => {
  e2e("the demo parent sees the child's graded quiz and attendance", async ({ page, a11y }) => {
    await login(page, DEMO.parent.email);
    const answer = await graphql<Children>(CHILDREN, {}, await storedToken(page));
    const [child] = answer.data!.myChildren;
    assert(child && child.attendance.total > 0, `the demo parent should have a child with attendance: ${JSON.stringify(answer)}`);
    const quiz = child.recentGraded.find((i) => i.kind === 'QUIZ' && i.score);
    assert(quiz?.score, `the demo child should have a graded quiz with a visible score: ${JSON.stringify(child.recentGraded)}`);
    const scoreLine = `${quiz.score.totalScore}/${quiz.score.maxScore} (${quiz.score.percentage}%)`;

    const card = page.getByRole('region', { name: `${DEMO.student.firstName} ${DEMO.student.lastName}`, exact: true });
    await expectVisible(card, "the child's card");
    await expectVisible(card.getByText(`${child.attendance.rate}%`, { exact: true }), 'the attendance rate');
    await expectVisible(
      card.getByRole('list', { name: /^Recently graded work of / }).getByText(quiz.title, { exact: true }),
      'the graded quiz',
    );
    await expectVisible(card.getByText(new RegExp(`· ${scoreLine.replace(/[()/.]/g, '\\$&')}$`)).first(), 'its score');
    // no sample figures: the sections without a source say so
    await expectVisible(page.getByRole('region', { name: 'Payments', exact: true }).getByText('Coming soon', { exact: true }));
    await a11y('parent dashboard');

    await card.getByRole('link', { name: `View details of ${DEMO.student.firstName}`, exact: true }).click();
    await expectPath(page, `/dashboard/children/${child.child.id}`);
    await expectVisible(page.getByRole('heading', { name: `${DEMO.student.firstName} ${DEMO.student.lastName}`, level: 1 }));
    await page.getByRole('tab', { name: 'Assessments', exact: true }).click();
    const row = page.getByRole('table', { name: 'Assessments' }).getByRole('row').filter({ hasText: quiz.title });
    await expectVisible(row.getByText(scoreLine, { exact: true }), 'the quiz score on the child page');
    await page.getByRole('tab', { name: 'Attendance', exact: true }).click();
    await expectVisible(
      page.getByText(`Attendance rate: ${child.attendance.rate}%`, { exact: true }),
      'the attendance rate on the child page',
    );
    await expectVisible(page.getByRole('region', { name: 'Attendance Records' }).getByRole('table'));
    await a11y('child page');

    // the sidebar's Attendance leads a parent to the child's attendance
    await sidebar(page).getByRole('link', { name: 'Attendance', exact: true }).click();
    await expectPath(page, `/dashboard/children/${child.child.id}`);
    await expectVisible(page.getByRole('tab', { name: 'Attendance', exact: true, selected: true }));
    await expectVisible(page.getByText(`Attendance rate: ${child.attendance.rate}%`, { exact: true }));
  });

  e2e('an admin links a parent to a student on the user page', async ({ page }) => {
    const id = stamp();
    const admin = await apiToken(DEMO.admin.email);
    const create = async (firstName: string, role: Role) => {
      const r = await graphql<{ createUser: { id: string } }>(
        'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
        { i: { firstName, lastName: `Fam${id}`, email: `${firstName.toLowerCase()}-${id}@family.test`, role: GQL_ROLE[role] } },
        admin,
      );
      return r.data!.createUser.id;
    };
    const parentId = await create('Paula', 'Parent');
    const studentId = await create('Kim', 'Student');

    await login(page, DEMO.admin.email);
    await page.goto('/dashboard/users');
    await page.getByLabel('Search users').fill(`Fam${id}`);
    await page.getByRole('button', { name: `Family of Paula Fam${id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Family of Paula Fam${id}` });
    await expectVisible(dialog.getByText('No child linked yet.', { exact: true }));
    await dialog.getByLabel('Find a student to link').fill(`kim-${id}`);
    await dialog.getByRole('button', { name: `Link Kim Fam${id}`, exact: true }).click();
    await expectVisible(dialog.getByText(`Kim Fam${id} linked`, { exact: true }), 'the confirmation');
    await expectVisible(dialog.getByRole('list', { name: 'Linked children' }).getByText(`Kim Fam${id}`, { exact: true }));

    const links = await graphql<{ user: { familyLinks: Array<{ id: string }> } }>(
      'query($id: ID!) { user(id: $id) { familyLinks { id } } }',
      { id: parentId },
      admin,
    );
    assert(
      links.data?.user.familyLinks.some((u) => u.id === studentId),
      `the server keeps the link: ${JSON.stringify(links)}`,
    );
  });
});
