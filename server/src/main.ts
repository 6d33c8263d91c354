import 'reflect-metadata';
import http from 'node:http';
import { loadConfig } from './config';
import { createApp } from './app/app';
import { logger } from './core/logger';
import { openDatabase } from './app/database';
import { demoBanner, seedDemoSchool, seedInitialAdmin } from './app/seed';
import { startFileCleanup } from './jobs/file-cleanup';
import { startHousekeeping } from './jobs/housekeeping';
import { startOverdueSweep } from './jobs/overdue-sweep';
import { startNotificationJobs } from './jobs/notifications';

// A promise nobody awaited failed: log it and keep serving (the failure concerned one piece of work, and
// every request path catches its own errors); Node's default would end the process.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled promise rejection');
});

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  if (config.demoSeed) {
    const seeded = await seedDemoSchool(db.ds);
    if (seeded) logger.info('demo school created');
  } else if (config.initialAdmin && (await seedInitialAdmin(db.ds, config.initialAdmin))) {
    logger.info({ email: config.initialAdmin.email }, 'first SuperAdmin created');
  }
  const { handler, apollo, services } = await createApp(db.ds, config);
  const fileCleanup = startFileCleanup(db.ds, services.files.store, config.fileCleanupSeconds);
  const housekeeping = startHousekeeping(db.ds, config.housekeepingSeconds);
  const overdueSweep = startOverdueSweep(db.ds, config.overdueSweepIntervalMs);
  const mailSender = services.mail.startSender(config.mailSendSeconds);
  const notificationJobs = startNotificationJobs(db.ds, services.mail, config.publicUrl, config.notificationJobSeconds);
  const listening = () => {
    logger.info({ port: config.port, host: config.host, database: db.embedded ? 'embedded' : 'DATABASE_URL' }, 'server listening');
    if (config.demoSeed) console.log('\n' + demoBanner(config.publicUrl) + '\n');
  };
  // without HOST, Node's default: every interface, IPv6 where the machine has it
  const server = http.createServer(handler);
  if (config.host) server.listen(config.port, config.host, listening);
  else server.listen(config.port, listening);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    await apollo.stop().catch(() => undefined);
    await fileCleanup.stop(); // a sweep in progress finishes before the database closes
    await housekeeping.stop();
    await overdueSweep.stop();
    await notificationJobs.stop();
    await mailSender.stop();
    await db.close().catch((err) => logger.error({ err }, 'closing the database failed'));
    process.exit(0);
  };
  const stopOn = (signal: string) => () => {
    stop(signal).catch((err) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', stopOn('SIGINT'));
  process.on('SIGTERM', stopOn('SIGTERM'));
}

main().catch((err) => {
  logger.fatal({ err }, 'start-up failed');
  process.exit(1);
});
