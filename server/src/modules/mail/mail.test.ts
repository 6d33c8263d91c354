import { AddressInfo, Socket, createServer } from 'node:net';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../config';
import { logger } from '../../core/logger';
import { startTestServer, TestServer, uniqueEmail } from '../../test/test-server';
import { makeUser } from '../../test/factories';
import { MAX_ATTEMPTS, MailService, MailTransport } from './mail.service';
import { OutboxMessage } from './outbox.entity';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => t.ds.query(`DELETE FROM mail_outbox`));

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

/** A transport that records what it sends, failing for the addresses in `failFor`. */
function fakeTransport(failFor: string[] = []) {
  const sent: string[] = [];
  const transport: MailTransport = {
    async sendMail(mail) {
      await new Promise((r) => setTimeout(r, 5));
      if (failFor.includes(mail.to)) throw new Error(`mailbox ${mail.to} unavailable`);
      sent.push(mail.to);
    },
  };
  return { sent, transport };
}

const queue = (...to: string[]) =>
  t.ds.getRepository(OutboxMessage).insert(to.map((address) => ({ to: address, subject: 'Hello', text: 'Hi' })));
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out waiting');
}

const rowOf = (to: string) => t.ds.getRepository(OutboxMessage).findOneByOrFail({ to });

describe('the outbox sender', () => {
  it('delivers due rows once, even with two instances sending at the same time', async () => {
    const addresses = Array.from({ length: 30 }, () => uniqueEmail('mail'));
    await queue(...addresses);
    const a = fakeTransport();
    const b = fakeTransport();
    await Promise.all([
      new MailService(t.ds, config, a.transport).deliverPending(),
      new MailService(t.ds, config, b.transport).deliverPending(),
    ]);
    expect([...a.sent, ...b.sent].sort()).toEqual([...addresses].sort());
    const unsent = await t.ds.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`);
    expect(unsent[0].n).toBe(0);
  });

  it('keeps a failed message with its error and tries it again later, never rejecting', async () => {
    const [good, bad] = [uniqueEmail('good'), uniqueEmail('bad')];
    await queue(good, bad);
    const { sent, transport } = fakeTransport([bad]);
    const warn = jest.spyOn(logger, 'warn');
    const mail = new MailService(t.ds, config, transport);
    await expect(mail.deliverPending()).resolves.toBeUndefined();
    expect(sent).toEqual([good]);
    const failed = await rowOf(bad);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: `mailbox ${bad} unavailable` });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ to: bad }), expect.stringContaining('will retry'));
    warn.mockRestore();

    // not due yet: nothing is tried
    await mail.deliverPending();
    expect((await rowOf(bad)).attempts).toBe(1);
    // due again, and the mailbox is back
    await t.ds.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1`, [bad]);
    await new MailService(t.ds, config, fakeTransport().transport).deliverPending();
    expect(await rowOf(bad)).toMatchObject({ attempts: 2, lastError: null });
    expect((await rowOf(bad)).sentAt).toBeInstanceOf(Date);
  });

  it(`gives up after ${MAX_ATTEMPTS} failed deliveries`, async () => {
    const bad = uniqueEmail('bad');
    await queue(bad);
    const { transport } = fakeTransport([bad]);
    const mail = new MailService(t.ds, config, transport);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await t.ds.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1`, [bad]);
      await mail.deliverPending();
    }
    expect(await rowOf(bad)).toMatchObject({ sentAt: null, attempts: MAX_ATTEMPTS });
  });

  it('a database failure during delivery is logged, not an unhandled rejection', async () => {
    const broken = { query: () => Promise.reject(new Error('database down')) } as unknown as DataSource;
    const error = jest.spyOn(logger, 'error');
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const mail = new MailService(broken, config, fakeTransport().transport);
      await expect(mail.deliverPending()).resolves.toBeUndefined();
      await new Promise((r) => setTimeout(r, 20));
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.objectContaining({ message: 'database down' }) }),
        'mail delivery run failed',
      );
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      error.mockRestore();
    }
  });

  it('without SMTP the outbox is the mailbox: nothing is claimed or marked sent', async () => {
    const to = uniqueEmail('dev');
    await queue(to);
    await new MailService(t.ds, config).deliverPending();
    expect(await rowOf(to)).toMatchObject({ sentAt: null, attempts: 0 });
  });

  it('a request that queues mail answers while SMTP hangs; the failed delivery is kept on the row', async () => {
    // an SMTP server that accepts connections and never greets
    const sockets = new Set<Socket>();
    const smtp = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const withSmtp = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}` });
    try {
      const user = await makeUser(withSmtp.ds);
      const started = Date.now();
      const res = await withSmtp.rest('POST', '/auth/forgot-password', { body: { email: user.email } });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      await until(() => sockets.size > 0);
      for (const socket of sockets) socket.destroy();
      const row = () => withSmtp.ds.getRepository(OutboxMessage).findOneByOrFail({ to: user.email });
      await until(async () => (await row()).lastError !== null);
      expect(await row()).toMatchObject({ sentAt: null, attempts: 1 });
    } finally {
      smtp.close();
      await withSmtp.close();
    }
  });

  it('the background sender runs on its interval and stops cleanly', async () => {
    const to = uniqueEmail('timer');
    await queue(to);
    const { sent, transport } = fakeTransport();
    const job = new MailService(t.ds, config, transport).startSender(0.05);
    try {
      await until(() => sent.length > 0);
      expect(sent).toEqual([to]);
    } finally {
      await job.stop();
    }
  });
});
