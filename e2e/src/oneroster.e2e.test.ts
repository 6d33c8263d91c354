/**
 * OneRoster in the browser (issue 27): an Admin finds the addresses to give another system under Settings ->
 * Integrations, previews a roster zip with a broken reference (refused, its file and line shown, nothing
 * changes), then previews and applies a good one, sees it among the last imports, and finds the imported year,
 * class, subject, teacher and student where the app shows them.
 */
import { DEMO, login } from './support/auth';
import { assert, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { stamp } from './support/school';
import { storedZip } from './support/zip';

/** The roster's year sorts after the demo school's (the course-management tree opens the first year at load, which other tests read). */
function roster(s: string, courseOfClass = `c-${s}`): Buffer {
  return storedZip({
    'manifest.csv': `propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.academicSessions,bulk\nfile.classes,bulk\nfile.courses,bulk\nfile.enrollments,bulk\nfile.orgs,absent\nfile.roles,bulk\nfile.users,bulk\nsource.systemName,E2E SIS\n`,
    'academicSessions.csv': `sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\ny-${s},,,2019-${s},schoolYear,2019-08-20,2020-06-30,,2020\n`,
    'courses.csv': `sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes\nc-${s},,,y-${s},Astronomy ${s} 4,AST4,4,,Astronomy ${s},\n`,
    'classes.csv': `sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\nk-${s},,,4S Astronomy,4,${courseOfClass},Class 4S ${s},scheduled,,school,y-${s},Astronomy ${s},,\n`,
    'users.csv': `sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns
t-${s},,,true,,,Vera,Rubin${s},,,vera.${s}@e2e.example,,,,,,,,,,,,
s-${s},,,true,,,Carl,Sagan${s},,,carl.${s}@e2e.example,,,,4,,,,,,,,
`,
    'roles.csv': `sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId\nr1-${s},,,t-${s},primary,teacher,,,school,\nr2-${s},,,s-${s},primary,student,,,school,\n`,
    'enrollments.csv': `sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\ne1-${s},,,k-${s},school,t-${s},teacher,true,,\ne2-${s},,,k-${s},school,s-${s},student,false,,\n`,
  });
}

describe('OneRoster', () => {
  e2e('an Admin previews a broken roster (refused), then imports a good one and finds it in the app', async ({ page, a11y }) => {
    const s = stamp()
      .replace(/[^a-z0-9]/gi, '')
      .slice(-8);
    await login(page, DEMO.admin.email);
    await page.goto('/settings/integrations');
    const panel = page.getByRole('region', { name: 'OneRoster' });
    await expectVisible(panel.getByText(/\/ims\/oneroster\/rostering\/v1p2$/), 'the rostering base address');
    await expectVisible(panel.getByText(/\/oauth\/token$/), 'the token endpoint');

    await panel
      .getByLabel('OneRoster zip')
      .setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: roster(s, 'c-nowhere') });
    await panel.getByRole('button', { name: 'Preview', exact: true }).click();
    await expectVisible(
      panel.getByText('classes.csv, line 2: courseSourcedId "c-nowhere" is no course of this file'),
      'the broken row with its line',
    );
    assert(await panel.getByRole('button', { name: 'Apply', exact: true }).isDisabled(), 'a zip with refused rows cannot be applied');
    await a11y('OneRoster preview with problems');

    await panel.getByLabel('OneRoster zip').setInputFiles({ name: 'roster.zip', mimeType: 'application/zip', buffer: roster(s) });
    await panel.getByRole('button', { name: 'Preview', exact: true }).click();
    await expectVisible(panel.getByText('Preview: this is what Apply will do.'));
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    await expectVisible(page.getByText('Imported: the school now holds what the zip says'), 'the success banner');
    await expectVisible(panel.getByText(/ · Applied · from E2E SIS/).first(), 'the import among the last ones');

    await page.goto('/dashboard/course-management');
    const yearNode = page.getByRole('region', { name: `Academic Year 2019-${s}` });
    await yearNode.getByRole('button', { name: `Academic Year 2019-${s}`, exact: true }).click();
    await expectVisible(yearNode.getByText(`Class 4S ${s}`).first(), 'the imported class');
    await page.goto('/dashboard/users');
    await page.getByLabel('Search users').fill(`carl.${s}`);
    await expectVisible(page.getByText(`carl.${s}@e2e.example`).first(), 'the imported student');
  });
});
