/**
 * Review lists (assessments.md section 2 "Review lists"; issue 13 points 5 and 7): a teacher opens Assignment
 * Review, Quiz Review and Exam Review from the sidebar and finds the items in collapsible levels of academic
 * year, class and subject, each card with its counts and badge; a level closes and opens; a card opens its
 * grading dashboard. The teacher dashboard lists what waits for grading. Students and parents who type the
 * path get no data.
 *
 * Every run makes its own items through the API as teacher@ (titles carry a stamp), in MATH-5A and in a new
 * course of Class 5B, and gives them submissions in the database, so each badge has a known case whatever the
 * other browser tests graded; the demo items' badges are compared with what the server says of them.
 */
import type { Page } from 'playwright-core';
import { Client } from 'pg';
import { DEMO, login } from './support/auth';
import { databaseUrl } from './support/env';
import { assert, expectNotVisible, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { sidebar } from './support/layout';
import { countWhile, signIn } from './support/requests';
import { apiCourse, apiToken, stamp } from './support/school';

const DAY = 86_400_000;
const PHONE = { width: 375, height: 812 };
const LONG_ANSWER = { type: 'LONG_ANSWER', questionText: 'Explain how you compare two fractions.', points: 5 };

type Kind = 'ASSIGNMENT' | 'QUIZ' | 'EXAM';
type SubmissionState = 'graded' | 'pending';

interface ListPage {
  kind: Kind;
  /** The sidebar link and the page's h1. */
  link: string;
  /** The subject lists are named '{plural} of {class} {subject}'. */
  plural: string;
  path: string;
  subtitle: string;
  dashboard: (id: string) => string;
}

const LISTS: ListPage[] = [
  {
    kind: 'ASSIGNMENT',
    link: 'Assignment Review',
    plural: 'Assignments',
    path: '/dashboard/teacher/assignments',
    subtitle: 'Review and grade student submissions',
    dashboard: (id) => `/dashboard/assignments/${id}/submissions`,
  },
  {
    kind: 'QUIZ',
    link: 'Quiz Review',
    plural: 'Quizzes',
    path: '/dashboard/teacher/quizzes',
    subtitle: 'Review and grade student quiz submissions',
    dashboard: (id) => `/dashboard/quizzes/${id}/quizsubmissions`,
  },
  {
    kind: 'EXAM',
    link: 'Exam Review',
    plural: 'Exams',
    path: '/dashboard/teacher/exams',
    subtitle: 'Review and grade student exam submissions',
    dashboard: (id) => `/dashboard/exams/${id}/examsubmissions`,
  },
];

interface Made {
  id: string;
  title: string;
  kind: Kind;
  className: string;
  subjectName: string;
  badge: string;
  counts: string[];
}

async function withDb<T>(fn: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

async function createItem(token: string, where: { courseId: string } | { moduleId: string }, kind: Kind, title: string): Promise<string> {
  const answer = await graphql<{ createAssessment: { id: string } }>(
    'mutation ($input: CreateAssessmentInput!) { createAssessment(input: $input) { id } }',
    {
      input: {
        kind,
        ...where,
        title,
        description: `Made by the review browser tests (${title})`,
        instructions: 'Answer every question.',
        dueDate: new Date(Date.now() + 5 * DAY).toISOString(),
        resultVisibility: 'MANUAL',
        questions: [LONG_ANSWER],
      },
    },
    token,
  );
  assert(answer.data?.createAssessment.id, `createAssessment failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.createAssessment.id;
}

/** Submissions of demo students, graded or waiting, straight into the database (the grading pages are not under test). */
async function addSubmissions(itemId: string, states: Array<[string, SubmissionState]>): Promise<void> {
  await withDb(async (db) => {
    for (const [email, status] of states) {
      await db.query(
        `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, total_score)
         SELECT $1, u.id, $3::text, now() - interval '1 hour', 5, CASE WHEN $3::text = 'graded' THEN 4 ELSE 0 END FROM users u WHERE u.email = $2`,
        [itemId, email, status],
      );
    }
  });
}

/**
 * teacher@'s items of this run: in MATH-5A (Class 5A, Mathematics; the quizzes in its first visible module) one
 * per badge, and an exam in a new course of Class 5B English, so that the class level has two groups.
 */
async function makeItems(): Promise<{ teacher: string; items: Made[] }> {
  const teacher = await apiToken(DEMO.teacher.email);
  const id = stamp();
  const ids = await withDb(async (db) => {
    const math = await db.query<{ id: string; module_id: string }>(
      `SELECT c.id, (SELECT m.id FROM course_modules m WHERE m.course_id = c.id AND m.is_visible ORDER BY m.sort_order LIMIT 1) AS module_id
         FROM courses c WHERE c.title = 'MATH-5A' ORDER BY c.created_at LIMIT 1`,
    );
    const placement = await db.query<{ academic_year_id: string; class_id: string; subject_id: string }>(
      `SELECT y.id AS academic_year_id, k.id AS class_id, s.id AS subject_id
         FROM academic_years y JOIN classes k ON k.academic_year_id = y.id, subjects s
        WHERE y.year = '2026' AND k.name = 'Class 5B' AND s.name = 'English'`,
    );
    assert(math.rows[0]?.module_id && placement.rows[0], 'the demo course MATH-5A with a visible module, and Class 5B 2026 with English');
    return { math: math.rows[0], placement: placement.rows[0] };
  });
  const { academic_year_id: academicYearId, class_id: classId, subject_id: subjectId } = ids.placement;
  const english = await apiCourse(teacher, { academicYearId, classId, subjectId }, `REV-5B-${id}`);

  const plan: Array<[Kind, string, { courseId: string } | { moduleId: string }, Array<[string, SubmissionState]>, string, string[]]> = [
    [
      'ASSIGNMENT',
      'Partly graded homework',
      { courseId: ids.math.id },
      [
        [DEMO.student.email, 'graded'],
        [DEMO.student2.email, 'pending'],
      ],
      'Partially Graded',
      ['Submissions: 2', 'Graded: 1', 'Pending: 1'],
    ],
    ['ASSIGNMENT', 'Untouched homework', { courseId: ids.math.id }, [], 'No Submissions', ['Submissions: 0', 'Graded: 0', 'Pending: 0']],
    ['QUIZ', 'Untouched quiz', { moduleId: ids.math.module_id }, [], 'No Quiz Submissions', ['Submissions: 0', 'Graded: 0', 'Pending: 0']],
    [
      'QUIZ',
      'Marked quiz',
      { moduleId: ids.math.module_id },
      [[DEMO.student.email, 'graded']],
      'All Graded',
      ['Submissions: 1', 'Graded: 1', 'Pending: 0'],
    ],
    [
      'EXAM',
      'Waiting exam',
      { courseId: ids.math.id },
      [[DEMO.student.email, 'pending']],
      'Needs Grading',
      ['Submissions: 1', 'Graded: 0', 'Pending: 1'],
    ],
    ['EXAM', 'Class 5B exam', { courseId: english }, [], 'No Submissions', ['Submissions: 0']],
  ];
  const items: Made[] = [];
  for (const [kind, name, where, submissions, badge, counts] of plan) {
    const title = `${name} ${id}`;
    const itemId = await createItem(teacher, where, kind, title);
    await addSubmissions(itemId, submissions);
    const inEnglish = 'courseId' in where && where.courseId === english;
    items.push({
      id: itemId,
      title,
      kind,
      className: inEnglish ? 'Class 5B' : 'Class 5A',
      subjectName: inEnglish ? 'English' : 'Mathematics',
      badge,
      counts,
    });
  }
  return { teacher, items };
}

function main(page: Page) {
  return page.getByRole('main');
}

/** A card of a review list, by its title. */
function card(page: Page, title: string) {
  return main(page).getByRole('listitem', { name: title, exact: true });
}

/** The heading button of a level (year h2, class h3, subject h4). */
function levelButton(page: Page, level: 2 | 3 | 4, name: string) {
  return main(page).getByRole('heading', { level, name, exact: true }).getByRole('button', { name, exact: true });
}

async function openFromSidebar(page: Page, list: ListPage): Promise<void> {
  const nav = sidebar(page);
  const link = nav.getByRole('link', { name: list.link, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Assessments Review', exact: true }).click();
  await link.click();
  await expectPath(page, list.path);
  await expectVisible(main(page).getByRole('heading', { level: 1, name: list.link, exact: true }), `the '${list.link}' heading`);
  await expectVisible(main(page).getByText(list.subtitle, { exact: true }), `the subtitle '${list.subtitle}'`);
}

/** The demo school's items (assessments.seed.ts), not the ones other browser tests make. */
const DEMO_TITLE = /^Fractions (homework|test|quick quiz) \((results at once|score only|released by the teacher)\)$/;

/** What the server says of the demo items of a kind in MATH-5A: title -> badge label. */
async function demoBadges(token: string, kind: Kind): Promise<Map<string, string>> {
  const answer = await graphql<{ reviewItems: { nodes: Array<{ assessment: { title: string }; badgeLabel: string }> } }>(
    'query ($kind: AssessmentKind!, $max: Int) { reviewItems(kind: $kind, first: $max) { nodes { assessment { title } badgeLabel } } }',
    { kind, max: 500 },
    token,
  );
  assert(answer.data?.reviewItems, `reviewItems(${kind}) as teacher@ failed: ${JSON.stringify(answer.errors)}`);
  return new Map(
    answer.data.reviewItems.nodes.filter((i) => DEMO_TITLE.test(i.assessment.title)).map((i) => [i.assessment.title, i.badgeLabel]),
  );
}

describe('review lists', () => {
  let made: { teacher: string; items: Made[] };
  beforeAll(async () => {
    made = await makeItems();
  }, 120_000);

  e2e(
    'a teacher opens each review list from the sidebar: levels, cards with counts and badges, collapsing, a card opens its dashboard',
    async ({ page, a11y }) => {
      await login(page, DEMO.teacher.email);
      for (const list of LISTS) {
        await openFromSidebar(page, list);
        assert((await page.title()) === `${list.link} - School LMS`, `the tab is named after the page, found '${await page.title()}'`);
        const mine = made.items.filter((i) => i.kind === list.kind);
        for (const item of mine) {
          const c = card(page, item.title);
          await expectVisible(c, `the card of '${item.title}'`);
          await expectVisible(c.getByText(item.badge, { exact: true }), `'${item.title}' with the badge '${item.badge}'`);
          for (const count of item.counts) await expectVisible(c.getByText(count, { exact: true }), `'${count}' on '${item.title}'`);
          await expectVisible(c.getByText(`Made by the review browser tests (${item.title})`, { exact: true }), 'the description');
          await expectVisible(c.getByText(/^Due: .+/), 'the due date');
        }
        // the demo items show the badge the server gives them
        const demo = await demoBadges(made.teacher, list.kind);
        assert(demo.size === 3, `three demo items of ${list.kind} in MATH-5A, found ${demo.size}`);
        for (const [title, badge] of demo)
          await expectVisible(card(page, title).getByText(badge, { exact: true }), `the demo item '${title}' as '${badge}'`);

        // the levels: year, class, subject; each card sits in its own subject's list
        await expectVisible(levelButton(page, 2, '2026'), 'the year 2026');
        await expectVisible(levelButton(page, 3, 'Class 5A'), 'the class Class 5A');
        await expectVisible(levelButton(page, 4, 'Mathematics'), 'the subject Mathematics');
        for (const item of mine) {
          const inList = main(page).getByRole('list', { name: `${list.plural} of ${item.className} ${item.subjectName}`, exact: true });
          await expectVisible(
            inList.getByRole('listitem', { name: item.title, exact: true }),
            `'${item.title}' under ${item.className} / ${item.subjectName}`,
          );
        }
        await a11y(list.link);
      }

      // Exam Review has two classes: closing Class 5B hides its card only; closing the year hides everything
      const exam5b = made.items.find((i) => i.className === 'Class 5B')!;
      const exam5a = made.items.find((i) => i.kind === 'EXAM' && i.className === 'Class 5A')!;
      const class5b = levelButton(page, 3, 'Class 5B');
      assert((await class5b.getAttribute('aria-expanded')) === 'true', 'levels start open');
      await class5b.click();
      await expectNotVisible(card(page, exam5b.title), 'the Class 5B card once its class is closed');
      await expectVisible(card(page, exam5a.title), 'the Class 5A card still shown');
      assert((await class5b.getAttribute('aria-expanded')) === 'false', 'the closed level says so');
      await a11y('Exam Review with a closed class');
      await levelButton(page, 2, '2026').click();
      await expectNotVisible(card(page, exam5a.title), 'the cards once the year is closed');
      await levelButton(page, 2, '2026').click();
      await expectVisible(card(page, exam5a.title), 'the cards once the year is open again');
      await expectNotVisible(card(page, exam5b.title), 'Class 5B stays closed inside the reopened year');
      // the year's Collapse is still growing: a click that lands mid-animation may miss, so wait until the level
      // says it is open (one more click if the first one missed) before looking for its card
      await class5b.click();
      if ((await class5b.getAttribute('aria-expanded')) !== 'true') {
        await page.waitForTimeout(500);
        if ((await class5b.getAttribute('aria-expanded')) !== 'true') await class5b.click();
      }
      await expectVisible(card(page, exam5b.title), 'the Class 5B card once its class is open again');

      // a click anywhere on a card opens the item's grading dashboard
      for (const list of LISTS) {
        const item = made.items.find((i) => i.kind === list.kind)!;
        await openFromSidebar(page, list);
        await card(page, item.title).click();
        await expectPath(page, list.dashboard(item.id));
      }
    },
    { timeout: 180_000 },
  );

  e2e('the teacher dashboard lists what waits for grading, each opening its dashboard', async ({ page, a11y }) => {
    // what the card should list: the items of the three kinds with pending work, earliest due first, five at most
    const answer = await graphql<
      Record<'a' | 'q' | 'e', { nodes: Array<{ assessment: { title: string; dueDate: string }; pendingCount: number }> }>
    >(
      `
        query ($max: Int) {
          a: reviewItems(kind: ASSIGNMENT, first: $max) {
            ...W
          }
          q: reviewItems(kind: QUIZ, first: $max) {
            ...W
          }
          e: reviewItems(kind: EXAM, first: $max) {
            ...W
          }
        }
        fragment W on ReviewItemConnection {
          nodes {
            assessment {
              title
              dueDate
            }
            pendingCount
          }
        }
      `,
      { max: 500 },
      made.teacher,
    );
    assert(answer.data, `reviewItems as teacher@ failed: ${JSON.stringify(answer.errors)}`);
    const waiting = [...answer.data.a.nodes, ...answer.data.q.nodes, ...answer.data.e.nodes]
      .filter((i) => i.pendingCount > 0)
      .sort((x, y) => x.assessment.dueDate.localeCompare(y.assessment.dueDate));
    assert(
      waiting.some((i) => i.assessment.title === made.items[0].title),
      "this run's partly graded homework waits",
    );

    await login(page, DEMO.teacher.email);
    const list = page.getByRole('list', { name: 'Waiting for grading', exact: true });
    await expectVisible(list, "the 'Assignments to Review' card's list");
    const links = list.getByRole('listitem').getByRole('link');
    const shown = await links.allTextContents();
    const expected = waiting.slice(0, 5);
    assert(shown.length === expected.length, `the card lists ${expected.length} items, found ${JSON.stringify(shown)}`);
    for (const [n, due] of expected.map((i) => i.assessment.dueDate).entries()) {
      // items due at the same minute may come in either order
      const item = waiting.find((i) => i.assessment.dueDate === due && i.assessment.title === shown[n]);
      assert(
        item,
        `item ${n + 1} of the card is one due ${due} (${JSON.stringify(expected.map((i) => i.assessment.title))}), found '${shown[n]}'`,
      );
      const line = (await list.getByRole('listitem').nth(n).textContent()) ?? '';
      assert(
        line.includes(` · ${item.pendingCount} pending · Due: `),
        `'${item.assessment.title}' says ${item.pendingCount} pending and its due date: '${line}'`,
      );
    }
    if (waiting.length > 5) await expectVisible(page.getByText(`and ${waiting.length - 5} more waiting`, { exact: true }));
    await a11y('teacher dashboard');
    await links.first().click();
    await expectPath(
      page,
      /^\/dashboard\/(assignments\/[\w-]+\/submissions|quizzes\/[\w-]+\/quizsubmissions|exams\/[\w-]+\/examsubmissions)$/,
    );
  });

  e2e('a teacher with nothing to review sees the empty texts', async ({ page, a11y }) => {
    // teacher2@ teaches no course with items in the demo school, and no browser test makes any for them
    const own = await graphql<Record<'a' | 'q' | 'e', { totalCount: number }>>(
      '{ a: reviewItems(kind: ASSIGNMENT) { totalCount } q: reviewItems(kind: QUIZ) { totalCount } e: reviewItems(kind: EXAM) { totalCount } }',
      {},
      await apiToken(DEMO.teacher2.email),
    );
    assert(
      own.data && own.data.a.totalCount + own.data.q.totalCount + own.data.e.totalCount === 0,
      `teacher2@ should have no items to review: ${JSON.stringify(own).slice(0, 300)}`,
    );

    await login(page, DEMO.teacher2.email);
    await expectVisible(
      page.getByText('No submissions are waiting for grading.', { exact: true }),
      "the empty text of the 'Assignments to Review' card",
    );
    for (const [list, empty, detail] of [
      [LISTS[0], 'No assignments', 'No assignments have been created yet.'],
      [LISTS[1], 'No quizzes', 'No quizzes have been created yet.'],
      [LISTS[2], 'No exams', 'No exams have been created yet.'],
    ] as const) {
      await openFromSidebar(page, list);
      await expectVisible(main(page).getByRole('heading', { level: 2, name: empty, exact: true }), `'${empty}'`);
      await expectVisible(main(page).getByText(detail, { exact: true }), `'${detail}'`);
    }
    await a11y('empty Exam Review');
  });

  e2e(
    'a review list fits a phone',
    async ({ page, a11y }) => {
      await login(page, DEMO.teacher.email);
      await page.goto('/dashboard/teacher/assignments');
      const item = made.items.find((i) => i.kind === 'ASSIGNMENT')!;
      await expectVisible(card(page, item.title).getByText(item.badge, { exact: true }));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= PHONE.width, `no sideways scroll at 375 px, the page is ${width} px wide`);
      await a11y('Assignment Review on a phone');
    },
    { viewport: PHONE },
  );

  for (const who of [DEMO.student, DEMO.parent]) {
    e2e(`a ${who.role.toLowerCase()} who types a review path gets no data`, async ({ page }) => {
      const requests = await signIn(page, who.email);
      const sent = await countWhile(
        requests,
        () =>
          page.evaluate((to) => {
            window.history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, '/dashboard/teacher/exams'),
        () => expectVisible(main(page).getByText("You don't have permission to access this page.", { exact: true }), 'the refusal'),
      );
      assert(!sent.includes('ReviewItems'), `the page should ask the server nothing, sent: ${sent.join(', ')}`);
      await expectNotVisible(main(page).getByRole('listitem'), 'any card');
      // and the server, asked directly, gives nothing either
      const answer = await graphql<{ reviewItems: { nodes: unknown[] } | null }>(
        '{ reviewItems(kind: EXAM) { nodes { assessment { title } badge } } }',
        {},
        await apiToken(who.email),
      );
      assert(
        !answer.data?.reviewItems?.nodes.length,
        `reviewItems should give a ${who.role} nothing: ${JSON.stringify(answer).slice(0, 300)}`,
      );
    });
  }
});
