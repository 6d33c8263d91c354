/**
 * Courses, modules, content and discussions (platform.md sections 2, 4, 5, 7 and 9): a teacher builds a
 * course and uploads a PDF that a student can see and download only while it is visible; a discussion
 * between a student and the teacher; reusing a module (and a course) into another course.
 *
 * The demo school: teacher@ teaches Mathematics and Science in Class 5A 2026, where student@ is placed.
 * Every run makes its own courses (codes carry a stamp), so runs never depend on each other.
 */
import type { BrowserContext, Download, Page } from 'playwright-core';
import { checkA11y } from './support/a11y';
import { DEMO, login, storedToken } from './support/auth';
import { assert, exactLabel, expectAbsentNow, expectNotVisible, expectPath, expectVisible } from './support/expect';
import { DESKTOP, e2e, type E2E, waitForAppOnNavigation } from './support/fixture';
import { selectedText } from './support/forms';
import { apiCourse, apiModule, apiToken, placementOf, stamp } from './support/school';

/** A small valid one-page PDF (header, objects, cross-reference table, trailer), made here. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 20 50 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A second signed-in browser (own storage) beside the test's page; closed by the caller. */
async function secondUser(t: E2E, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const browser = t.context.browser();
  assert(browser, 'the test context has no browser');
  // like the test's own context (support/fixture.ts): the server's CSP would refuse the injected axe-core
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: t.baseURL, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  waitForAppOnNavigation(page);
  await login(page, email);
  return { context, page };
}

async function readDownload(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Clicks `trigger` and returns the file the page saves. */
async function downloadBy(page: Page, trigger: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), trigger()]);
  return { name: download.suggestedFilename(), bytes: await readDownload(download) };
}

describe('courses, modules and content', () => {
  e2e(
    'a teacher creates a course, adds a module and uploads a PDF; the student sees and downloads it only while visible',
    async (t) => {
      const { page, a11y } = t;
      const id = stamp();
      const code = `E2E-${id}`;
      const moduleTitle = `Fractions ${id}`;
      const contentTitle = `Worksheet ${id}`;
      const pdf = tinyPdf(`Worksheet ${id}`);

      // the teacher's dashboard lists courses from the server and links to My Courses
      await login(page, DEMO.teacher.email);
      await expectVisible(
        page.getByRole('list', { name: 'Your courses' }).getByRole('link', { name: 'MATH-5A', exact: true }),
        'the seeded course MATH-5A in the dashboard course list',
      );
      await page.getByRole('link', { name: 'View All Courses', exact: true }).click();
      await expectPath(page, '/dashboard/courses');

      // My Courses: year -> class -> subjects; Create Course on Mathematics of Class 5A
      const class5a = page.getByRole('region', { name: 'Class 5A', exact: true });
      await expectVisible(class5a.getByRole('cell', { name: 'MATH-5A', exact: true }), 'MATH-5A in the Class 5A table');
      await a11y('my courses');
      await class5a.getByRole('button', { name: 'Create Course for Mathematics', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Create Course' });
      await expectVisible(create);
      await create.getByRole('button', { name: 'Create Course', exact: true }).click();
      await expectVisible(create.getByText('Course Code is required'), 'the required course code message');
      await create.getByLabel(exactLabel('Course Code')).fill(code);
      await create.getByLabel(exactLabel('Description')).fill('Fractions, made by the browser test');
      await a11y('create course dialog');
      await create.getByRole('button', { name: 'Create Course', exact: true }).click();
      await expectNotVisible(create, 'the Create Course dialog after creating');
      await expectVisible(class5a.getByRole('cell', { name: code, exact: true }), `the new course ${code} in the table`);

      await class5a.getByRole('link', { name: `View Course ${code}`, exact: true }).click();
      await expectPath(page, /^\/dashboard\/courses\/[0-9a-f-]{36}$/);
      const coursePath = new URL(page.url()).pathname;
      const courseId = coursePath.split('/').pop()!;
      await expectVisible(page.getByRole('heading', { level: 1, name: code }), 'the course title in the header');
      await expectVisible(
        page.getByText('Subject: Mathematics · Class: Class 5A · Academic Year: 2026'),
        'subject, class and year in the header',
      );
      await expectVisible(page.getByRole('link', { name: 'Back to My Courses' }));
      const modulesTab = page.getByRole('tab', { name: 'Modules', exact: true });
      assert((await modulesTab.getAttribute('aria-selected')) === 'true', 'the Modules tab should be the default');
      const tabNames = await page.getByRole('tab').allTextContents();
      assert(
        JSON.stringify(tabNames) === JSON.stringify(['Modules', 'Assignments', 'Exams', 'Announcements', 'Discussions']),
        `tabs: ${tabNames.join(', ')}`,
      );
      await expectVisible(page.getByText('No modules have been created for this course yet.'));
      await a11y('course page without modules');

      // Create First Module: Week by default, order 1 (highest + 1)
      await page.getByRole('button', { name: 'Create First Module', exact: true }).click();
      const moduleDialog = page.getByRole('dialog', { name: 'Create Module' });
      await expectVisible(moduleDialog);
      const type = await selectedText(moduleDialog.getByLabel(exactLabel('Module Type')));
      const order = await moduleDialog.getByLabel(exactLabel('Order')).inputValue();
      assert(type === 'Week' && order === '1', `a new module defaults to Week and order 1, the form shows ${type} and ${order}`);
      await moduleDialog.getByLabel(exactLabel('Title')).fill(moduleTitle);
      await moduleDialog.getByLabel(exactLabel('Description')).fill('Halves, quarters and thirds');
      await moduleDialog.getByRole('button', { name: 'Create Module', exact: true }).click();
      await expectNotVisible(moduleDialog);
      await expectVisible(page.getByRole('heading', { name: moduleTitle }), 'the new module in the list');
      await expectVisible(page.getByText('Week 1', { exact: true }), 'the module type and order');
      await a11y('course page with a module');

      await page.getByRole('link', { name: `Manage Content of ${moduleTitle}`, exact: true }).click();
      await expectPath(page, /^\/dashboard\/modules\/[0-9a-f-]{36}$/);
      await expectVisible(page.getByRole('heading', { level: 1, name: moduleTitle }));
      await expectVisible(page.getByText(`Course: ${code} · Subject: Mathematics · Class: Class 5A · Academic Year: 2026`));
      await expectVisible(page.getByText('No content has been added to this module yet.'));
      await a11y('module page without content');

      // Add Content: file required, type checked on the client, progress in percent while uploading
      await page.getByRole('button', { name: 'Add Content', exact: true }).click();
      const add = page.getByRole('dialog', { name: 'Add Content' });
      await expectVisible(add);
      await expectVisible(add.getByText('Maximum file size: 50MB'), 'the 50MB help text');
      assert((await add.getByLabel(exactLabel('Content Type')).inputValue()) === 'PDF', 'the content type defaults to PDF');
      await add.getByLabel(exactLabel('Title')).fill(contentTitle);
      await add.getByLabel(exactLabel('Description')).fill('Practice at home');
      await add.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectVisible(add.getByText('Please select a file to upload'), 'the missing-file message');
      const fileInput = add.getByLabel(exactLabel('File'));
      await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
      await expectVisible(add.getByText('Invalid file type for PDF. Please select a valid file.'), 'the wrong-type message');
      await a11y('add content dialog');
      await fileInput.setInputFiles({ name: 'worksheet.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expectNotVisible(add.getByText('Invalid file type for PDF. Please select a valid file.'));
      // record every progress text the dialog shows (a tiny file goes up quickly)
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __progress: string[] }).__progress = seen;
        new MutationObserver(() => {
          const m = /Uploading\.\.\. (\d+)%/.exec(document.body.innerText);
          if (m && seen[seen.length - 1] !== m[0]) seen.push(m[0]);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await add.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectNotVisible(add, 'the Add Content dialog after the upload', 20_000);
      const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
      assert(progress.length > 0, 'the upload should show its progress in percent');

      const row = page.getByRole('row').filter({ hasText: contentTitle });
      await expectVisible(row, 'the uploaded content in the table');
      await expectVisible(row.getByText('PDF', { exact: true }), 'the PDF type badge');
      await expectVisible(row.getByText('worksheet.pdf', { exact: true }), 'the file name');
      await expectVisible(row.getByText(`${(pdf.length / 1024).toFixed(2)} KB`, { exact: true }), 'the size in KB with two decimals');
      await expectVisible(row.getByText('Visible', { exact: true }));
      await a11y('module page with content');

      // the teacher downloads it too
      const teacherCopy = await downloadBy(page, () => row.getByRole('button', { name: `Download ${contentTitle}` }).click());
      assert(teacherCopy.bytes.equals(pdf), "the teacher's download should be the uploaded bytes");

      // the student sees the course in My Classes and downloads the PDF
      const student = await secondUser(t, DEMO.student.email);
      try {
        const sp = student.page;
        await sp.goto('/dashboard/classes');
        await expectVisible(sp.getByText('Class 5A', { exact: true }).first(), "the student's class in the purple header");
        await expectVisible(sp.getByRole('heading', { name: '2026 (Current)' }), 'the current year marked (Current)');
        await checkA11y(sp, 'my classes');
        await sp.getByRole('link', { name: `View Modules of ${code}`, exact: true }).click();
        await expectPath(sp, `/dashboard/courses/${courseId}`); // one course address for every role (issue 14)
        await expectVisible(sp.getByRole('heading', { level: 1, name: 'Mathematics' }), 'the subject name in the header');
        await expectVisible(sp.getByText(code, { exact: true }), 'the course title in the header');
        const studentTabs = await sp.getByRole('tab').allTextContents();
        // platform.md section 2: the student course page's five tabs, in this order
        const fiveTabs = ['Modules & Quizzes', 'Assignments', 'Announcements', 'Discussions', 'Exams'];
        assert(JSON.stringify(studentTabs) === JSON.stringify(fiveTabs), `student tabs: ${studentTabs.join(', ')}`);

        const openModule = async () => {
          const summary = sp.getByRole('button', { name: new RegExp(moduleTitle) });
          await expectVisible(summary, "the module in the student's list");
          if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
          await expectVisible(sp.getByText('No quizzes available for this module'), 'the opened module');
        };
        await openModule();
        const download = sp.getByRole('button', { name: `Download ${contentTitle}`, exact: true });
        await expectVisible(download, 'the visible content with a Download button');
        await checkA11y(sp, 'student course page');
        const got = await downloadBy(sp, () => download.click());
        assert(got.name === 'worksheet.pdf', `the saved file should be worksheet.pdf, was ${got.name}`);
        assert(got.bytes.subarray(0, 5).toString('latin1') === '%PDF-' && got.bytes.equals(pdf), 'the student should get the uploaded PDF');

        // hidden: gone from the student's list, and the download address answers 404
        await row.getByRole('button', { name: `Hide ${contentTitle}` }).click();
        await expectVisible(row.getByText('Hidden', { exact: true }), 'the Hidden state after hiding');
        await sp.reload();
        await openModule();
        await expectVisible(sp.getByText('No content available for this module'), 'the empty content text while hidden');
        await expectAbsentNow(sp.getByRole('button', { name: `Download ${contentTitle}` }), 'a Download button for hidden content');
        const studentToken = await storedToken(sp);
        const contentId = await page.evaluate(async () => {
          const res = await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
            body: JSON.stringify({ query: `{ contents(moduleId: "${location.pathname.split('/').pop()}") { id } }` }),
          });
          const body = await res.json();
          return body.data.contents[0].id as string;
        });
        const hiddenStatus = await sp.evaluate(
          async ([id, token]) => (await fetch(`/api/content/download/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status,
          [contentId, studentToken] as const,
        );
        assert(hiddenStatus === 404, `a student downloading hidden content should get 404, got ${hiddenStatus}`);

        // shown again: back in the list and downloadable
        await row.getByRole('button', { name: `Show ${contentTitle}` }).click();
        await expectVisible(row.getByText('Visible', { exact: true }), 'the Visible state after showing');
        await sp.reload();
        await openModule();
        const again = await downloadBy(sp, () => sp.getByRole('button', { name: `Download ${contentTitle}`, exact: true }).click());
        assert(again.bytes.equals(pdf), 'the student should download the PDF again once it is visible');
      } finally {
        await student.context.close().catch(() => undefined);
      }
    },
    { timeout: 150_000 },
  );

  e2e('a student starts a discussion and the teacher replies', async (t) => {
    const { page, a11y } = t;
    const id = stamp();
    const teacherToken = await apiToken(DEMO.teacher.email);
    const courseId = await apiCourse(teacherToken, await placementOf(teacherToken, 'Mathematics'), `E2E-DISC-${id}`);
    const title = `Question ${id}`;
    const question = 'How do I add fractions with different denominators?';
    const answer = `Find a common denominator first (${id}).`;

    await login(page, DEMO.student.email);
    // the student dashboard lists courses with View Modules
    await expectVisible(
      page.getByRole('list', { name: 'Your classes' }).getByRole('link', { name: /View Modules/ }),
      'View Modules on the dashboard',
    );
    await page.goto(`/dashboard/student/course/${courseId}/modules`);
    await page.getByRole('tab', { name: 'Discussions', exact: true }).click();
    await expectVisible(page.getByText('No discussions have been started for this course yet.'));
    await a11y('student discussions, empty');
    await page.getByRole('button', { name: 'Start First Discussion', exact: true }).click();
    const start = page.getByRole('dialog', { name: 'Start New Discussion' });
    await expectVisible(start);
    await start.getByLabel(exactLabel('Title')).fill(title);
    await start.getByLabel(exactLabel('Content')).fill(question);
    await a11y('start discussion dialog');
    await start.getByRole('button', { name: 'Post Discussion', exact: true }).click();
    await expectNotVisible(start);
    const thread = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expectVisible(thread, 'the new thread');
    await expectVisible(thread.getByText(`${DEMO.student.firstName} ${DEMO.student.lastName}`), 'the author name');
    await expectVisible(thread.getByText('Student', { exact: true }), 'the author role');
    await expectVisible(thread.getByRole('button', { name: `Edit discussion ${title}` }), "edit on the student's own thread");

    const teacher = await secondUser(t, DEMO.teacher.email);
    try {
      const tp = teacher.page;
      await tp.goto(`/dashboard/courses/${courseId}?tab=discussions`);
      const tThread = tp.getByRole('listitem').filter({ has: tp.getByRole('heading', { name: title }) });
      await expectVisible(tThread, "the student's thread on the teacher's course page");
      await expectVisible(tThread.getByText(question));
      await expectVisible(tThread.getByRole('button', { name: `Delete discussion ${title}` }), 'delete for a Teacher');
      await tThread.getByRole('button', { name: `Reply to ${title}` }).click();
      const reply = tp.getByRole('dialog', { name: `Reply to: ${title}` });
      await expectVisible(reply);
      await reply.getByLabel(exactLabel('Your Reply')).fill(answer);
      await checkA11y(tp, 'reply dialog');
      await reply.getByRole('button', { name: 'Post Reply', exact: true }).click();
      await expectNotVisible(reply);
      const toggle = tThread.getByRole('button', { name: '1 Reply', exact: true });
      await expectVisible(toggle, 'the 1 Reply toggle');
      await toggle.click();
      await expectVisible(tThread.getByText(answer), 'the reply after opening the replies');

      // an announcement for the class, on the Announcements tab
      await tp.getByRole('tab', { name: 'Announcements', exact: true }).click();
      await expectVisible(tp.getByText('No announcements have been created for this course yet.'));
      await tp.getByRole('button', { name: 'Create Announcement', exact: true }).click();
      const announce = tp.getByRole('dialog', { name: 'Create Announcement' });
      await announce.getByLabel(exactLabel('Title')).fill(`Quiz on Friday ${id}`);
      await announce.getByLabel(exactLabel('Content')).fill('Bring a pencil.');
      await announce.getByRole('button', { name: 'Create Announcement', exact: true }).click();
      await expectNotVisible(announce);
      await expectVisible(tp.getByText(`By ${DEMO.teacher.firstName} ${DEMO.teacher.lastName}`, { exact: false }), 'the author line');
      await checkA11y(tp, 'teacher announcements');
    } finally {
      await teacher.context.close().catch(() => undefined);
    }

    // the student sees the reply, collapsed at first; the teacher's reply has no edit for the student
    await page.reload();
    await expectVisible(thread);
    const toggle = thread.getByRole('button', { name: '1 Reply', exact: true });
    await expectVisible(toggle);
    assert((await toggle.getAttribute('aria-expanded')) === 'false', 'replies are collapsed by default');
    await expectAbsentNow(thread.getByText(answer), 'the reply before opening the replies');
    await toggle.click();
    await expectVisible(thread.getByText(answer), "the teacher's reply");
    await expectVisible(thread.getByText(`${DEMO.teacher.firstName} ${DEMO.teacher.lastName}`));
    await expectAbsentNow(thread.getByRole('button', { name: /Edit reply/ }), "edit on the teacher's reply for the student");
    await a11y('student discussions with a reply');

    await page.getByRole('tab', { name: 'Announcements', exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: `Quiz on Friday ${id}` }), 'the announcement for the student');
    await expectVisible(page.getByText('Bring a pencil.'));
    await a11y('student announcements');
  });

  e2e('a teacher reuses a module into another course, and reuses a course', async (t) => {
    const { page, a11y } = t;
    const id = stamp();
    const token = await apiToken(DEMO.teacher.email);
    const math = await placementOf(token, 'Mathematics');
    const science = await placementOf(token, 'Science');
    const sourceCode = `E2E-SRC-${id}`;
    const targetCode = `E2E-DST-${id}`;
    const sourceId = await apiCourse(token, math, sourceCode);
    const targetId = await apiCourse(token, science, targetCode);
    const moduleTitle = `Measuring ${id}`;
    await apiModule(token, sourceId, moduleTitle, 'Rulers and scales');

    await login(page, DEMO.teacher.email);
    await page.goto(`/dashboard/courses/${targetId}`);
    await expectVisible(page.getByText('No modules have been created for this course yet.'));
    await page.getByRole('button', { name: 'Reuse Module', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reuse Module' });
    await expectVisible(dialog);
    const submit = dialog.getByRole('button', { name: 'Reuse Module', exact: true });
    assert(await submit.isDisabled(), 'Reuse Module is disabled until a module is selected');
    const tree = dialog.getByRole('group', { name: 'Available modules' });
    await expectVisible(tree.getByRole('button', { name: '2026', exact: true }), 'the year level of the tree');
    await expectVisible(tree.getByRole('button', { name: sourceCode, exact: true }), 'the source course in the tree');
    await tree.getByRole('button', { name: `Week 1: ${moduleTitle}`, exact: true }).click();
    assert((await dialog.getByLabel(exactLabel('Title')).inputValue()) === moduleTitle, 'selecting fills the title');
    assert((await dialog.getByLabel(exactLabel('Description')).inputValue()) === 'Rulers and scales', 'selecting fills the description');
    await a11y('reuse module dialog');
    await submit.click();
    await expectNotVisible(dialog);
    await expectVisible(page.getByRole('heading', { name: moduleTitle }), 'the reused module in the target course');
    await expectVisible(page.getByText('Rulers and scales'));

    // Reuse Content into the copied module: the tree goes down to the items; then edit the copy
    await page.getByRole('link', { name: `Manage Content of ${moduleTitle}`, exact: true }).click();
    await expectVisible(page.getByText('No content has been added to this module yet.'));
    await page.getByRole('button', { name: 'Reuse Content', exact: true }).click();
    const reuseContent = page.getByRole('dialog', { name: 'Reuse Content' });
    await expectVisible(reuseContent);
    await reuseContent
      .getByRole('group', { name: 'Available content' })
      .getByRole('button', { name: 'Place value notes (PDF)', exact: true })
      .first()
      .click();
    await expectVisible(reuseContent.getByText('Notes from the first lesson.'), "the picked item's description");
    await a11y('reuse content dialog');
    await reuseContent.getByRole('button', { name: 'Reuse Content', exact: true }).click();
    await expectNotVisible(reuseContent);
    const copied = page.getByRole('row').filter({ hasText: 'place-value-notes.pdf' });
    await expectVisible(copied, 'the reused content in the table');
    await copied.getByRole('button', { name: 'Edit Place value notes', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await expectVisible(edit);
    await edit.getByLabel(exactLabel('Title')).fill(`Notes ${id}`);
    await a11y('edit content dialog');
    await edit.getByRole('button', { name: 'Update Content', exact: true }).click();
    await expectNotVisible(edit);
    await expectVisible(copied.getByText(`Notes ${id}`, { exact: true }), 'the new title after editing');
    await page.getByRole('link', { name: 'Back to Course' }).click();
    await expectPath(page, `/dashboard/courses/${targetId}`);

    // Reuse Course on Science of Class 5A: pick the target course, name the copy
    await page.getByRole('link', { name: 'Back to My Courses' }).click();
    await expectPath(page, '/dashboard/courses');
    const class5a = page.getByRole('region', { name: 'Class 5A', exact: true });
    await class5a.getByRole('button', { name: 'Reuse Course for Science', exact: true }).click();
    const reuse = page.getByRole('dialog', { name: 'Reuse Course' });
    await expectVisible(reuse);
    await expectVisible(reuse.getByText('Please select a course to reuse'));
    assert(
      await reuse.getByRole('button', { name: 'Reuse Course', exact: true }).isDisabled(),
      'Reuse Course is disabled until a course is selected',
    );
    await reuse.getByRole('group', { name: 'Available courses' }).getByRole('button', { name: targetCode, exact: true }).click();
    const copyCode = `E2E-CPY-${id}`;
    await reuse.getByLabel(exactLabel('Course Code')).fill(copyCode);
    await reuse.getByRole('button', { name: 'Reuse Course', exact: true }).click();
    await expectNotVisible(reuse);
    await expectVisible(class5a.getByRole('cell', { name: copyCode, exact: true }), 'the reused course in My Courses');
    await class5a.getByRole('link', { name: `View Course ${copyCode}`, exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: moduleTitle }), 'the copied course carries the module');

    // delete the copy after confirming
    await page.getByRole('link', { name: 'Back to My Courses' }).click();
    page.once('dialog', (d) => void d.accept());
    await class5a.getByRole('button', { name: `Delete course ${copyCode}`, exact: true }).click();
    await expectNotVisible(class5a.getByRole('cell', { name: copyCode, exact: true }), 'the deleted course');

    // nothing there: the spec's texts
    await page.goto('/dashboard/courses/00000000-0000-4000-8000-000000000000');
    await expectVisible(page.getByText('Course not found.', { exact: true }));
    await page.goto('/dashboard/modules/00000000-0000-4000-8000-000000000000');
    await expectVisible(page.getByText('Module not found.', { exact: true }));
  });
});
