import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import { DomainError, validation } from '../../errors/domain-error';
import type { Actor } from '../../policies';
import { recordAudit, AuditKind } from '../audit';
import type { MailService } from '../mail';
import {
  cancelOpenEmailChange,
  cancelReportedEmailChange,
  emailTakenByOther,
  endCredentials,
  insertEmailChange,
  lockEmailChangeToConfirm,
  markEmailChangeConfirmed,
  nameOfUser,
  roleOfUser,
  setUserEmail,
} from './auth.repository';
import { hashSecret, newSecret } from './secrets';
import { pathTo } from '@lms/routes';

export const EMAIL_CHANGE_HOURS = 24;

export const EMAIL_CHANGE_TEXT = {
  invalid: 'This link is invalid or has expired',
  taken: 'A user with this email already exists',
  confirmed: 'Your email address has been changed. Sign in with your new address.',
  reported: "The email change was cancelled. Your school's administrators can see your report in the audit log.",
  sent: (email: string) => `A confirmation link was sent to ${email}. The email changes when it is opened.`,
} as const;

interface Target {
  id: string;
  email: string;
  firstName: string;
}

/**
 * A change of someone's sign-in email (issue 23): it waits for the new address. The request mails a
 * confirmation link to the new address and a notice to the old one with a link to report it ("this was not
 * me", which cancels it); until the new address confirms, the old email keeps working. Confirming ends every
 * session and every outstanding link of the user (endCredentials), in the transaction that changes the email.
 */
export class EmailChanges {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    private readonly mail: MailService,
  ) {}

  /** What the one who asked is told once the link is mailed. */
  sentText(email: string): string {
    return EMAIL_CHANGE_TEXT.sent(email);
  }

  /** In the caller's transaction: replaces any open request of the user; the caller delivers the mail after commit. */
  async request(m: EntityManager, actor: Actor, target: Target, newEmail: string): Promise<void> {
    if (await emailTakenByOther(m, newEmail, target.id)) throw new DomainError('CONFLICT', EMAIL_CHANGE_TEXT.taken);
    const confirm = newSecret();
    const report = newSecret();
    await cancelOpenEmailChange(m, target.id);
    await insertEmailChange(m, {
      userId: target.id,
      newEmail,
      confirmHash: confirm.hash,
      reportHash: report.hash,
      requestedBy: actor.userId,
      hours: EMAIL_CHANGE_HOURS,
    });
    const by = await nameOfUser(m, actor.userId);
    const who = actor.userId === target.id ? 'you' : (by ?? 'an administrator');
    await this.mail.enqueueAll(m, [
      {
        to: newEmail,
        subject: 'Confirm your new email address',
        text:
          `Hello ${target.firstName},\n\nThe sign-in email of your school LMS account is to change to this address (asked by ${who}). ` +
          `Open this link within ${EMAIL_CHANGE_HOURS} hours to confirm it:\n${this.config.publicUrl}${pathTo('confirmEmail', { token: confirm.token })}\n\n` +
          'Until then your account keeps its old address. If you did not expect this, ignore this message.',
      },
      {
        to: target.email,
        subject: 'Your sign-in email is about to change',
        text:
          `Hello ${target.firstName},\n\nA change of the sign-in email of your school LMS account to ${newEmail} was asked for by ${who}. ` +
          'It takes effect only when the link sent to the new address is opened; until then you sign in as before.\n\n' +
          `If you did not ask for this, report it here and the change is cancelled:\n${this.config.publicUrl}${pathTo('reportEmailChange', { token: report.token })}`,
      },
    ]);
    await recordAudit(m, actor, { kind: AuditKind.EMAIL_CHANGE_REQUESTED, targetUserId: target.id, from: target.email, to: newEmail });
  }

  /** The link mailed to the new address: the email changes, every session and link of the user ends. */
  async confirm(token: unknown): Promise<string> {
    const hash = this.hashOf(token);
    await this.ds.transaction(async (m) => {
      const row = await lockEmailChangeToConfirm(m, hash);
      if (!row) throw validation(EMAIL_CHANGE_TEXT.invalid);
      if (await emailTakenByOther(m, row.new_email, row.user_id)) throw new DomainError('CONFLICT', EMAIL_CHANGE_TEXT.taken);
      await markEmailChangeConfirmed(m, row.id);
      await setUserEmail(m, row.user_id, row.new_email);
      await endCredentials(m, row.user_id);
      await recordAudit(m, await this.requester(m, row.requested_by), {
        kind: AuditKind.EMAIL_CHANGED,
        targetUserId: row.user_id,
        from: row.old_email,
        to: row.new_email,
        note: 'Confirmed at the new address',
      });
    });
    return EMAIL_CHANGE_TEXT.confirmed;
  }

  /** The link mailed to the old address: the request is cancelled and the report put on record. */
  async report(token: unknown): Promise<string> {
    const hash = this.hashOf(token);
    await this.ds.transaction(async (m) => {
      const row = await cancelReportedEmailChange(m, hash);
      if (!row) throw validation(EMAIL_CHANGE_TEXT.invalid);
      // the change's user exists: the statement that found the change joined them
      const owner = (await roleOfUser(m, row.user_id))!;
      await recordAudit(
        m,
        { userId: row.user_id, role: owner.role, activeRole: owner.role, impersonating: false },
        {
          kind: AuditKind.EMAIL_CHANGE_REPORTED,
          targetUserId: row.user_id,
          from: row.old_email,
          to: row.new_email,
          note: 'Reported from the old address; the change was cancelled',
        },
      );
    });
    return EMAIL_CHANGE_TEXT.reported;
  }

  private hashOf(token: unknown): string {
    if (typeof token !== 'string' || !token || token.length > 200) throw validation(EMAIL_CHANGE_TEXT.invalid);
    return hashSecret(token);
  }

  /** Who asked for the change, as the actor of the row that records it (the link's opener is not signed in). */
  private async requester(m: EntityManager, id: string | null) {
    if (!id) return null;
    const u = await roleOfUser(m, id);
    return u ? { userId: id, role: u.role, activeRole: u.role, impersonating: false } : null;
  }
}
