/**
 * Sign-in errors and the password reset by mail (platform.md sections 2, 4, 5, 8 and 9).
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, appReady, login } from './support/auth';
import { DEMO_PASSWORD } from './support/env';
import { assert, exactLabel, expectAbsentNow, expectNotVisible, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { errorCodes, graphql } from './support/graphql';
import { dbNow, readOutboxLink } from './support/mail';
import { welcomeBanner } from './support/layout';

const emailField = (page: Page) => page.getByLabel(exactLabel('Email address'));
const passwordField = (page: Page) => page.getByLabel(exactLabel('Password'));
const signIn = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });

/** True when the element's background or border is clearly red. */
async function looksRed(box: Locator): Promise<boolean> {
  return box.evaluate((el) => {
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const style = getComputedStyle(el);
    return [style.backgroundColor, style.borderTopColor, style.color].some((c) => {
      const [r, g, b, a = 1] = parse(c);
      return a > 0 && r > g + 40 && r > b + 40;
    });
  });
}

describe('the sign-in form', () => {
  e2e('shows the sign-in form with Remember me and Forgot your password?', async ({ page, a11y }) => {
    await page.goto('/login');
    await appReady(page);
    await expectVisible(emailField(page), "the 'Email address' field");
    await expectVisible(passwordField(page), "the 'Password' field");
    await expectVisible(page.getByRole('checkbox', { name: 'Remember me' }));
    await expectVisible(signIn(page));
    assert((await emailField(page).getAttribute('type')) === 'email', 'the Email address field should be of email type');
    assert((await passwordField(page).getAttribute('type')) === 'password', 'the Password field should hide what is typed');
    await a11y('login page');
    await page.getByRole('link', { name: 'Forgot your password?', exact: true }).click();
    await expectPath(page, '/forgot-password');
  });

  e2e('empty fields show Email is required and Password is required, each clearing on edit', async ({ page, a11y }) => {
    await page.goto('/login');
    await appReady(page);
    await signIn(page).click();
    await expectVisible(page.getByText('Email is required', { exact: true }));
    await expectVisible(page.getByText('Password is required', { exact: true }));
    await expectPath(page, '/login');
    await a11y('login page with field errors');

    await emailField(page).pressSequentially('a');
    await expectNotVisible(page.getByText('Email is required', { exact: true }), "'Email is required' after typing an email");
    await expectVisible(page.getByText('Password is required', { exact: true }), "'Password is required' (only the edited field clears)");

    await passwordField(page).pressSequentially('b');
    await expectNotVisible(page.getByText('Password is required', { exact: true }), "'Password is required' after typing a password");
  });

  e2e('a wrong password shows a red box titled Error, which clears on typing', async ({ page, a11y }) => {
    await page.goto('/login');
    await appReady(page);
    await emailField(page).fill(DEMO.admin.email);
    await passwordField(page).fill('not-the-password');
    await signIn(page).click();
    const box = page.getByRole('alert').filter({ hasText: 'Error' });
    await expectVisible(box, "a box titled 'Error'");
    await expectVisible(box.getByText('Error', { exact: true }), "the title 'Error'");
    assert(await looksRed(box), 'the Error box should be red');
    await expectPath(page, '/login');
    await a11y('login page with the Error box');

    await passwordField(page).pressSequentially('x');
    await expectNotVisible(box, 'the Error box after typing (section 5: any session error clears on typing)');
  });
});

describe('password reset by mail', () => {
  const user = DEMO.student2;
  const NEW_PASSWORD = 'fresh-pass-42';

  /** Sets the demo password back through the API, so that the demo account keeps working. */
  async function restorePassword(): Promise<void> {
    const since = await dbNow();
    const asked = await graphql('mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }', {
      input: { email: user.email },
    });
    if (asked.errors) throw new Error(`forgotPassword failed: ${JSON.stringify(asked.errors)}`);
    const { token } = await readOutboxLink(user.email, { after: since });
    const reset = await graphql('mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }', {
      input: { token, password: DEMO_PASSWORD },
    });
    if (reset.errors) throw new Error(`resetPassword failed: ${JSON.stringify(reset.errors)}`);
  }

  e2e(
    'forgot password, the mailed link, both checks, success, redirect to /login and sign-in with the new password',
    async ({ page, a11y }) => {
      try {
        await page.goto('/login');
        await appReady(page);
        await page.getByRole('link', { name: 'Forgot your password?', exact: true }).click();
        await expectPath(page, '/forgot-password');
        const email = page.locator('input[type="email"]');
        await expectVisible(email, 'an email-type field');
        await expectVisible(page.getByRole('link', { name: 'Back to login', exact: true }));
        await a11y('forgot-password page');

        const since = await dbNow();
        await email.fill(user.email);
        await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
        await expectVisible(page.getByText('If an account with that email exists, we have sent a password reset link'));
        await expectVisible(page.getByRole('link', { name: 'Return to login', exact: true }));
        await a11y('forgot-password sent');

        const link = await readOutboxLink(user.email, { after: since });
        assert(link.url.startsWith(new URL(page.url()).origin), `the mailed link ${link.url} should use PUBLIC_URL`);
        await page.goto(link.path);
        const fresh = page.getByLabel(exactLabel('New Password'));
        const confirm = page.getByLabel(exactLabel('Confirm New Password'));
        const submit = page.getByRole('button', { name: 'Reset Password', exact: true });
        await expectVisible(fresh, "the 'New Password' field");
        await expectVisible(confirm, "the 'Confirm New Password' field");
        await a11y('reset-password page');

        await fresh.fill('abcdef');
        await confirm.fill('abcdeg');
        await submit.click();
        await expectVisible(page.getByText('Passwords do not match', { exact: true }));
        await a11y('reset-password mismatch');

        await fresh.fill('abc');
        await confirm.fill('abc');
        await submit.click();
        await expectVisible(page.getByText('Password must be at least 6 characters', { exact: true }));
        await expectPath(page, link.path);

        await fresh.fill(NEW_PASSWORD);
        await confirm.fill(NEW_PASSWORD);
        await submit.click();
        await expectVisible(page.getByText('Your password has been reset successfully. Redirecting to login...', { exact: true }));
        const shownAt = Date.now();
        await a11y('reset-password success');
        await expectPath(page, '/login', 10_000);
        const waited = Date.now() - shownAt;
        assert(waited > 2_000, `the redirect to /login should come after 3 seconds (section 9), came after ${waited} ms`);

        // the link is single-use
        const again = await graphql('mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }', {
          input: { token: link.token, password: 'another-one' },
        });
        assert(again.errors?.length, 'a used reset token should be refused');

        const old = await graphql('mutation($input: LoginInput!) { login(input: $input) { token } }', {
          input: { email: user.email, password: DEMO_PASSWORD },
        });
        assert(errorCodes(old).includes('UNAUTHENTICATED'), `the old password should no longer work: ${JSON.stringify(old)}`);

        await login(page, user.email, NEW_PASSWORD);
        await expectVisible(welcomeBanner(page, user.firstName));
      } finally {
        await restorePassword();
      }
    },
  );

  e2e('forgot password says the same for an unknown email, and an empty email is refused', async ({ page }) => {
    await page.goto('/forgot-password');
    const email = page.locator('input[type="email"]');
    await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    await page.waitForTimeout(1_000);
    await expectAbsentNow(
      page.getByText('If an account with that email exists, we have sent a password reset link'),
      'success text for an empty email (section 5: email required)',
    );
    await expectPath(page, '/forgot-password');
    await email.fill('nobody-here@demo.school');
    await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    await expectVisible(page.getByText('If an account with that email exists, we have sent a password reset link'));
    await page.getByRole('link', { name: 'Return to login', exact: true }).click();
    await expectPath(page, '/login');
  });
});
