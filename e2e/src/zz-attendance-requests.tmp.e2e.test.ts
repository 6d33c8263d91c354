// TEMPORARY (attendance request counts): not to be committed.
import fs from 'node:fs';
import { DEMO, login } from './support/auth';
import { exactLabel, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption } from './support/forms';
import { sidebar } from './support/layout';

e2e('counts the GraphQL requests of the attendance page', async ({ page }) => {
  const log: string[] = [];
  let phase = 'login';
  page.on('request', (req) => {
    if (req.url().includes('/graphql')) {
      const body = req.postData() ?? '';
      const op = /"operationName":"(\w+)"/.exec(body)?.[1] ?? body.slice(0, 60);
      log.push(`${phase}\t${op}`);
    }
  });
  await login(page, DEMO.teacher.email);
  await page.waitForTimeout(1500);
  phase = 'navigate';
  await sidebar(page).getByRole('link', { name: 'Attendance', exact: true }).click();
  await expectVisible(page.getByRole('heading', { name: 'Attendance Management', level: 1 }));
  await page.waitForTimeout(1500);
  phase = 'reload';
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: 'Attendance Management', level: 1 }));
  await page.waitForTimeout(1500);
  phase = 'pick';
  await chooseOption(page.getByLabel(exactLabel('Class and Subject')), 'Class 5A - Mathematics (2026)');
  await expectVisible(page.getByRole('button', { name: /Attendance$/ }));
  await page.waitForTimeout(1500);
  phase = 'date';
  await page.getByLabel(exactLabel('Date')).fill('2026-11-14');
  await page.waitForTimeout(1500);
  phase = 'save';
  await page.getByRole('button', { name: 'Mark Attendance', exact: true }).click();
  await expectVisible(page.getByText('Attendance marked successfully!', { exact: true }));
  await page.waitForTimeout(1500);
  phase = 'update';
  await page.getByRole('button', { name: 'Update Attendance', exact: true }).click();
  await expectVisible(page.getByText('Attendance updated successfully!', { exact: true }));
  await page.waitForTimeout(1500);
  fs.writeFileSync(process.env.REQ_OUT ?? '/tmp/attendance-requests.txt', log.join('\n') + '\n');
});
