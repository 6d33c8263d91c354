import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { GRADEBOOK_PATH, ROSTERING_PATH } from './oneroster.service';
import type { Actor } from '../../policies';
import { authorize } from '../../policies';
import { DomainError } from '../../errors/domain-error';
import { INVITE_TOKEN_DAYS, type AuthService } from '../auth';
import type { MailService } from '../mail';
import { invitation } from '../users';
import { applyPlan } from './oneroster.import-apply';
import { planImport } from './oneroster.import';
import type { ImportRecord } from './oneroster.import-plan';
import { insertImport, lockImports, recentImports } from './oneroster.repository';
import { OneRosterError } from './oneroster.errors';
import { exportZip } from './oneroster.export';

/** The largest zip taken (a district's roster is a few MB; this leaves room). */
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;
/** New users invited per statement (four values each). */
const INVITE_BATCH = 5000;

export const IMPORT_TEXT = {
  tooLarge: `The zip is larger than ${MAX_ZIP_BYTES / 1024 / 1024} MB`,
  notApplied: 'Nothing was changed: fix the rows listed and upload the zip again',
  preview: 'Preview only: nothing was changed',
  applied: 'Imported',
} as const;

/**
 * OneRoster CSV imports (Settings -> Integrations): the zip goes to a temporary file as it arrives (bounded),
 * is planned entry by entry, and is applied only when every row can be taken: in one transaction, with the new
 * users' invitations, under an advisory lock so two applies never interleave. Every run is kept with its report.
 */
export class OneRosterImports {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    private readonly auth: AuthService,
    private readonly mail: MailService,
  ) {}

  /** The addresses another system needs (Settings -> Integrations shows them). */
  addresses(actor: Actor): { rostering: string; gradebook: string; token: string } {
    authorize(actor, 'oneroster.read', undefined as never);
    const base = this.config.publicUrl;
    return { rostering: `${base}${ROSTERING_PATH}`, gradebook: `${base}${GRADEBOOK_PATH}`, token: `${base}/oauth/token` };
  }

  async run(actor: Actor, input: NodeJS.ReadableStream, apply: boolean): Promise<ImportRecord> {
    authorize(actor, 'oneroster.csv', undefined as never);
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'oneroster-'));
    const file = path.join(dir, 'import.zip');
    try {
      let bytes = 0;
      const bound = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(bytes > MAX_ZIP_BYTES ? new DomainError('PAYLOAD_TOO_LARGE', IMPORT_TEXT.tooLarge) : null, chunk);
        },
      });
      await pipeline(input, bound, fs.createWriteStream(file));
      return await this.planAndApply(actor, file, apply);
    } catch (err) {
      if (err instanceof OneRosterError) throw new DomainError('VALIDATION', err.message);
      throw err;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  private async planAndApply(actor: Actor, file: string, apply: boolean): Promise<ImportRecord> {
    const record = await this.ds.transaction(async (m) => {
      // an apply waits for the one before it and plans inside the lock, so that what is applied is what was read
      if (apply) await lockImports(m);
      const { plan, report } = await planImport(this.ds, file, actor.userId);
      report.applied = apply && report.problems.length === 0;
      if (report.applied) {
        await applyPlan(m, plan);
        // in batches: one statement binds at most 65,535 values, and a district brings tens of thousands of people
        for (let at = 0; at < plan.newUsers.length; at += INVITE_BATCH) {
          const batch = plan.newUsers.slice(at, at + INVITE_BATCH);
          const links = await this.auth.issueTokens(
            m,
            batch.map((u) => u.id),
            'invite',
            INVITE_TOKEN_DAYS * 86_400_000,
          );
          await this.mail.enqueueAll(
            m,
            batch.map((u, i) => invitation({ email: u.email, firstName: u.firstName, role: u.role as never }, links[i], INVITE_TOKEN_DAYS)),
          );
        }
      }
      const row = await insertImport(m, actor.userId, report);
      return { id: row.id, createdAt: row.createdAt, createdBy: actor.userId, applied: report.applied, report } as ImportRecord;
    });
    if (record.applied) void this.mail.deliverPending();
    return record;
  }

  /** What the school holds as a OneRoster 1.2 CSV zip (the same mapping as the REST provider). */
  async exportZip(actor: Actor): Promise<NodeJS.ReadableStream> {
    authorize(actor, 'oneroster.read', undefined as never);
    return exportZip(this.ds);
  }

  /** The last imports, newest first, with their reports and who ran them. */
  async recent(actor: Actor, limit = 20): Promise<Array<ImportRecord & { createdByName: string | null }>> {
    authorize(actor, 'oneroster.read', undefined as never);
    return recentImports(this.ds, limit);
  }
}
