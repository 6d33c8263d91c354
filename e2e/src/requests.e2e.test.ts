/**
 * The web client asks once per page (issue 9): the teacher's course page, the module page, the student's course
 * page, the attendance page and the teacher-assignment page each send exactly one GraphQL request when opened,
 * and saving attendance is one request. Also: a student who opens the teacher's course URL sees no Edit, Add or
 * Delete (the client follows the server's abilities), a session the server ended mid-way sends the user to
 * /login (once), and a page whose code fails to load says so with a Reload button inside the app shell.
 *
 * How requests are counted, fairly and stably: the user signs in through the form (which loads the session's
 * `me` and the dashboard), the test waits until no GraphQL request has been in flight for a while, and only
 * then starts counting. The page is then opened inside the app, as a link does (a click on one, or the same
 * history navigation), so the session is not loaded again; the count ends once the page shows its content and
 * the network has been quiet for a while again. Every POST to /graphql counts, by its operation name (a failure
 * lists them).
 */
import type { Page } from 'playwright-core';
import { DEMO, login, storedToken } from './support/auth';
import { assert, exactLabel, expectAbsentNow, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption } from './support/forms';
import { graphql } from './support/graphql';
import { sidebar } from './support/layout';
import { countWhile, expectOne, graphqlRequests, signIn } from './support/requests';

/** Goes to `path` the way a link inside the app does (history + popstate): no reload, the session stays loaded. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expectPath(page, path);
}

interface SeededCourse {
  id: string;
  title: string;
  modules: Array<{ id: string; title: string }>;
}

/** The demo school's MATH-5A course (teacher@'s, in student@'s class), with its modules. */
async function mathCourse(page: Page): Promise<SeededCourse> {
  const answer = await graphql<{ courses: { nodes: SeededCourse[] } }>(
    '{ courses(first: 100) { nodes { id title modules { id title } } } }',
    {},
    await storedToken(page),
  );
  const course = answer.data?.courses.nodes.find((c) => c.title === 'MATH-5A');
  assert(course, `the demo course MATH-5A should be listed: ${JSON.stringify(answer)}`);
  assert(course.modules.length > 0, 'the demo course MATH-5A should have modules');
  return course;
}

/** The latest Saturday at least a week back (the demo school marks weekdays; attendance.e2e uses the last one). */
async function anUnmarkedDay(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 1) % 7 || 7) - 7);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

describe('one request per page', () => {
  e2e("the teacher's course page and a module page each load with one request", async ({ page }) => {
    const requests = await signIn(page, DEMO.teacher.email);
    const course = await mathCourse(page);

    await sidebar(page).getByRole('link', { name: 'My Courses', exact: true }).click();
    await expectVisible(page.getByRole('link', { name: `View Course ${course.title}`, exact: true }));
    await requests.settled();

    const coursePage = await countWhile(
      requests,
      () => page.getByRole('link', { name: `View Course ${course.title}`, exact: true }).click(),
      async () => {
        await expectPath(page, `/dashboard/courses/${course.id}`);
        await expectVisible(page.getByRole('heading', { level: 1, name: course.title }), 'the course header');
        await expectVisible(page.getByRole('heading', { level: 3, name: course.modules[0].title }), 'the first module in the Modules tab');
      },
    );
    expectOne(coursePage, "the teacher's course page (header, modules, assignments, exams, announcements, discussions)");

    // the other tabs come with the page's request
    requests.start();
    await page.getByRole('tab', { name: 'Assignments', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Assignments' }));
    await page.getByRole('tab', { name: 'Exams', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Exams' }));
    await page.getByRole('tab', { name: 'Announcements', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Announcements' }));
    await page.getByRole('tab', { name: 'Discussions', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Discussions' }));
    await requests.settled();
    assert(requests.sent.length === 0, `switching tabs should send nothing, sent: ${requests.sent.join(', ')}`);

    await page.getByRole('tab', { name: 'Modules', exact: true }).click();
    const modulePage = await countWhile(
      requests,
      () => page.getByRole('link', { name: `Manage Content of ${course.modules[0].title}`, exact: true }).click(),
      async () => {
        await expectPath(page, `/dashboard/modules/${course.modules[0].id}`);
        await expectVisible(page.getByRole('heading', { level: 1, name: course.modules[0].title }), 'the module header');
        await expectVisible(page.getByRole('table', { name: 'Content' }), 'the content table');
      },
    );
    expectOne(modulePage, 'the module page (header, content and quizzes)');

    requests.start();
    await page.getByRole('tab', { name: 'Quizzes', exact: true }).click();
    await expectVisible(page.getByRole('table', { name: 'Quizzes' }), 'the quizzes table');
    await requests.settled();
    assert(requests.sent.length === 0, `the Quizzes tab should send nothing, sent: ${requests.sent.join(', ')}`);
  });

  e2e("the student's course page loads with one request", async ({ page }) => {
    const requests = await signIn(page, DEMO.student.email);
    const course = await mathCourse(page);
    const sent = await countWhile(
      requests,
      () => goInApp(page, `/dashboard/student/course/${course.id}/modules`),
      () => expectVisible(page.getByRole('tab', { name: 'Modules & Quizzes', exact: true }), "the student's course tabs"),
    );
    expectOne(sent, "the student's course page");
  });

  e2e('the attendance page loads with one request, and saving a day is one request', async ({ page }) => {
    const requests = await signIn(page, DEMO.teacher.email);
    const opened = await countWhile(
      requests,
      () => sidebar(page).getByRole('link', { name: 'Attendance', exact: true }).click(),
      async () => {
        await expectPath(page, '/dashboard/attendance');
        await expectVisible(page.getByRole('heading', { name: 'Attendance Management', level: 1 }));
        await expectVisible(page.getByLabel(exactLabel('Class and Subject')));
      },
    );
    expectOne(opened, 'the attendance page');

    // choosing a class and a day may ask for that day's sheet; saving it is then one request
    await chooseOption(page.getByLabel(exactLabel('Class and Subject')), 'Class 5A - Mathematics (2026)');
    await page.getByLabel(exactLabel('Date')).fill(await anUnmarkedDay(page));
    const mark = page.getByRole('button', { name: 'Mark Attendance', exact: true });
    await expectVisible(mark, 'Mark Attendance for a day not marked yet');
    await requests.settled();
    const saved = await countWhile(
      requests,
      () => mark.click(),
      () => expectVisible(page.getByText('Attendance marked successfully!', { exact: true })),
    );
    expectOne(saved, 'saving attendance');
  });

  e2e('the teacher-assignment page loads with one request, and choosing a year asks for nothing', async ({ page }) => {
    const requests = await signIn(page, DEMO.admin.email);
    const sent = await countWhile(
      requests,
      () => goInApp(page, '/dashboard/teacher-assignment'),
      async () => {
        await expectPath(page, '/dashboard/teacher-assignment');
        await expectVisible(page.getByRole('cell', { name: 'Class 5A', exact: true }), 'an allocation of Class 5A in the list');
      },
    );
    expectOne(sent, 'the teacher-assignment page (list, years with classes, subjects, teachers)');

    // the form's classes came with the page: picking a year and a class sends nothing
    requests.start();
    await chooseOption(page.getByLabel(exactLabel('Academic Year')), '2026');
    await chooseOption(page.getByLabel(exactLabel('Class')), 'Class 5A');
    await requests.settled();
    assert(requests.sent.length === 0, `choosing a year and a class should send nothing, sent: ${requests.sent.join(', ')}`);
  });
});

describe('one request per review page', () => {
  e2e('the three review lists and the teacher dashboard each load with one request', async ({ page }) => {
    const requests = await signIn(page, DEMO.teacher.email);
    await sidebar(page).getByRole('button', { name: 'Assessments Review', exact: true }).click();
    for (const [link, plural] of [
      ['Assignment Review', 'Assignments'],
      ['Quiz Review', 'Quizzes'],
      ['Exam Review', 'Exams'],
    ]) {
      const sent = await countWhile(
        requests,
        () => sidebar(page).getByRole('link', { name: link, exact: true }).click(),
        () =>
          expectVisible(
            page
              .getByRole('main')
              .getByRole('list', { name: new RegExp(`^${plural} of `) })
              .getByRole('listitem')
              .first(),
            `the cards of ${link}`,
          ),
      );
      expectOne(sent, link);
    }
    const dashboard = await countWhile(
      requests,
      () => sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click(),
      () =>
        expectVisible(
          page
            .getByRole('list', { name: 'Waiting for grading', exact: true })
            .or(page.getByText('No submissions are waiting for grading.', { exact: true })),
          "the 'Assignments to Review' card",
        ),
    );
    expectOne(dashboard, 'the teacher dashboard (courses and what waits for grading)');
  });
});

describe('the client follows the server', () => {
  // one course URL for every role (issue 14): a student who follows a teacher's link gets the student view of it
  e2e("a student who opens the teacher's course URL sees the student view, with no Edit, Add or Delete", async ({ page }) => {
    await login(page, DEMO.student.email);
    const course = await mathCourse(page);
    await goInApp(page, `/dashboard/courses/${course.id}`);
    await expectVisible(page.getByRole('link', { name: 'Back to My Classes' }), 'the student view of the course');
    await expectVisible(page.getByText(course.title, { exact: true }), 'the course title');
    await expectVisible(page.getByText(course.modules[0].title, { exact: true }), 'the modules');
    const changing = /^(Edit|Delete|Add|Reuse|Create|Hide|Show|Manage)\b/;
    const main = page.getByRole('main');
    await expectAbsentNow(main.getByRole('button', { name: changing }), 'Edit/Add/Delete buttons on the modules tab');
    await expectAbsentNow(main.getByRole('link', { name: /^Manage Content/ }), 'Manage Content links');
    for (const tab of ['Assignments', 'Announcements', 'Exams']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectVisible(page.getByRole('tab', { name: tab, selected: true }));
      await expectAbsentNow(main.getByRole('button', { name: changing }), `Create/Reuse/Edit/Delete buttons on the ${tab} tab`);
    }
  });

  e2e('a page whose code fails to load shows a Reload message inside the app shell', async ({ page }) => {
    // as after a deploy: the course page's chunk is gone (its code is in course-*.js, its group: vite.config.ts).
    // Refused from the start: the shell's idle preloads (the role switcher, the bell) share modules of that
    // chunk and load it a few seconds after sign-in, and a chunk once loaded is never asked for again.
    const chunk = /\/assets\/course-[\w-]+\.js$/;
    let refused = 0;
    await page.route(chunk, (route) => {
      refused += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    await login(page, DEMO.teacher.email);
    const course = await mathCourse(page);
    await goInApp(page, `/dashboard/courses/${course.id}`);

    const alert = page.getByRole('main').getByRole('alert');
    await expectVisible(
      alert.getByText('This page could not be loaded', { exact: true }),
      `the failed-load message (course chunk refused ${refused} time(s))`,
    );
    await expectVisible(sidebar(page).getByRole('link', { name: 'My Courses', exact: true }), 'the sidebar beside the message');

    // Reload fetches the page again: with its code back, the course shows
    await page.unroute(chunk);
    await alert.getByRole('button', { name: 'Reload', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: course.title }), 'the course page after Reload');
  });

  e2e('a session the server ended mid-way sends the user to /login, clearing the token, and /login does not loop', async ({ page }) => {
    const requests = await signIn(page, DEMO.teacher.email);
    const token = await storedToken(page);
    assert(token, 'signed in, the token should be stored');
    // signed out elsewhere: the server no longer knows the token
    const revoked = await graphql<{ logout: boolean }>('mutation { logout }', {}, token);
    assert(revoked.data?.logout === true, `logout from the test process failed: ${JSON.stringify(revoked)}`);

    // the next request finds the session ended: usually this click's, sometimes one already under way (the
    // link is then gone before the click lands); either way the user must end up at /login, told why
    await sidebar(page)
      .getByRole('link', { name: 'My Courses', exact: true })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expectPath(page, '/login');
    await expectVisible(
      page.getByRole('alert').filter({ hasText: 'Your session has ended. Please sign in again.' }),
      'why the user is back at /login',
    );
    assert((await storedToken(page)) === null, 'the rejected token should be cleared');

    // the login page asks the server nothing and stays put
    requests.start();
    await page.waitForTimeout(1_500);
    await requests.settled();
    await expectPath(page, '/login');
    assert(requests.sent.length === 0, `/login should send nothing after the session ended, sent: ${requests.sent.join(', ')}`);
  });
});

describe('the first load has its data in the page, or starts it with its code (issues 14, 31)', () => {
  /**
   * Opens `path` afresh with an empty cache (a link from outside the app, the first visit), signed in, and
   * returns the GraphQL operations sent until `ready` and a quiet network, each marked by who sent it: the early
   * module (`/assets/preload-*.js`, from the request's initiator as Chrome records it) or the app's code. On a
   * loopback connection both scripts arrive within a millisecond, so the order of the requests proves nothing;
   * the initiator does.
   */
  async function freshLoad(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    const sent: string[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.method !== 'POST' || new URL(e.request.url).pathname !== '/graphql') return;
      const name = (JSON.parse(e.request.postData ?? '{}') as { operationName?: string }).operationName;
      const frames = [];
      for (let st = e.initiator.stack; st; st = st.parent) frames.push(...st.callFrames);
      const early = frames.length > 0 && frames.every((f) => /\/assets\/preload-[\w-]+\.js$/.test(new URL(f.url, 'http://x').pathname));
      sent.push(`${name}${early ? '' : ' (after the app code)'}`);
    });
    await page.goto(path);
    await ready();
    await graphqlRequests(page).settled();
    await cdp.detach();
    return sent;
  }

  /** `me` sent by the early module; then the page's query; nothing twice (the answers were handed to Apollo). */
  function expectEarly(sent: string[], pageQuery: string): void {
    const names = sent.map((s) => s.replace(' (after the app code)', ''));
    assert(
      sent[0] === 'Me' && names.length === 2 && names[1] === pageQuery,
      `expected Me (before the app's code) then ${pageQuery}, once each; sent: ${sent.join(', ')}`,
    );
  }

  /** A server-rendered page (issue 31) came with its data: neither `me` nor the page's query is asked again. */
  function expectRendered(sent: string[], pageQuery: string): void {
    const names = sent.map((s) => s.replace(' (after the app code)', ''));
    assert(
      !names.includes('Me') && !names.includes(pageQuery),
      `a rendered page should ask for neither Me nor ${pageQuery}; sent: ${sent.join(', ')}`,
    );
  }

  /**
   * Each landing page twice: rendered by the server (its data in the HTML), and as when the render fails and the
   * client renders (the test-only header; the early module then starts the data with the code).
   */
  async function bothWays(page: Page, path: string, pageQuery: string, ready: () => Promise<void>): Promise<void> {
    // the page the sign-in landed on finishes its own requests first, so none of them is counted as this load's
    await page.waitForLoadState('networkidle');
    await graphqlRequests(page).settled();
    expectRendered(await freshLoad(page, path, ready), pageQuery);
    await page.context().setExtraHTTPHeaders({ 'X-Test-Page-Render': 'fail' });
    expectEarly(await freshLoad(page, path, ready), pageQuery);
    await page.context().setExtraHTTPHeaders({});
  }

  e2e(
    "a course page opened afresh comes with its data when rendered, else asks for the session before the app's code arrives and for the course once",
    async ({ page }) => {
      await login(page, DEMO.teacher.email);
      const course = await mathCourse(page);
      await bothWays(page, `/dashboard/courses/${course.id}`, 'CourseDetail', async () => {
        await expectVisible(page.getByRole('heading', { level: 1, name: course.title }), 'the course header');
        await expectVisible(page.getByRole('heading', { level: 3, name: course.modules[0].title }), 'the first module');
      });
    },
  );

  e2e(
    "the teacher's dashboard opened afresh comes with its data when rendered, else asks for the session before the app's code arrives and for its data once",
    async ({ page }) => {
      await login(page, DEMO.teacher.email);
      await bothWays(page, '/dashboard', 'DashboardCourses', () =>
        expectVisible(page.getByRole('list', { name: 'Your courses' }).getByRole('link').first(), 'a course link'),
      );
    },
  );

  e2e(
    "a student's course page opened afresh comes with its data when rendered, else asks for the session before the app's code arrives and for the course once",
    async ({ page }) => {
      await login(page, DEMO.student.email);
      const course = await mathCourse(page);
      await bothWays(page, `/dashboard/courses/${course.id}`, 'StudentCourseDetail', async () => {
        await expectVisible(page.getByText(course.title, { exact: true }), 'the course title');
        await expectVisible(page.getByText(course.modules[0].title, { exact: true }), 'the first module');
      });
    },
  );

  e2e(
    "the student's dashboard opened afresh comes with its data when rendered, else asks for the session before the app's code arrives and for its data once",
    async ({ page }) => {
      await login(page, DEMO.student.email);
      await bothWays(page, '/dashboard', 'StudentDashboard', () =>
        expectVisible(page.getByRole('list', { name: 'Your classes' }).getByRole('listitem').first(), 'a class of the student'),
      );
    },
  );

  /**
   * Holds the app's entry (index-*.js) back until the shell's and the page's code have been asked for, or 5 s:
   * they can only be asked for that early by the early module (the modulepreload links it adds); the app's own
   * import() runs after the entry has arrived and run. Resolves with what was asked for while the entry waited.
   */
  async function codeAskedBeforeEntry(page: Page, path: string, wanted: string[], ready: () => Promise<void>): Promise<string[]> {
    const asked = new Set<string>();
    let notify = () => undefined as void;
    const onRequest = (req: { url(): string }) => {
      const chunk = /^\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(new URL(req.url()).pathname)?.[1];
      if (chunk) asked.add(chunk);
      notify();
    };
    page.on('request', onRequest);
    const entry = /\/assets\/index-[\w-]+\.js$/;
    let whileHeld: string[] = [];
    await page.route(entry, async (route) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        notify = () => {
          if (wanted.every((w) => asked.has(w))) {
            clearTimeout(timer);
            resolve();
          }
        };
        notify();
      });
      whileHeld = [...asked];
      await route.continue();
    });
    try {
      await page.goto(path);
      await ready();
    } finally {
      page.off('request', onRequest);
      await page.unroute(entry);
    }
    return whileHeld;
  }

  // the files of vite.config.ts's groups: the signed-in shell, the dashboard's, the course page's
  for (const [where, pageChunk] of [
    ['/dashboard', 'dashboard'],
    ['a course page', 'course'],
  ]) {
    e2e(`${where}: the shell's and the page's code download beside the entry, not after it`, async ({ page }) => {
      await login(page, DEMO.teacher.email);
      const path = pageChunk === 'course' ? `/dashboard/courses/${(await mathCourse(page)).id}` : where;
      const wanted = ['shell', pageChunk];
      const asked = await codeAskedBeforeEntry(page, path, wanted, () =>
        expectVisible(page.getByRole('main').getByRole('heading', { level: 1 }).first(), 'the page'),
      );
      for (const w of wanted)
        assert(asked.includes(w), `${w}-*.js should be asked for before the entry arrives; asked then: ${asked.join(', ') || 'nothing'}`);
    });
  }
});
