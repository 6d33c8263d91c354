import { defineManifest } from '../../core/manifest';
import { AuditLog1732300017100 } from './1732300017100-AuditLog';
import { AuditResolver } from './audit.resolver';
import { auditRouter } from './audit.rest';
import { AuditService } from './audit.service';

/**
 * The audit log (issue 23): rows written by the services that make the changes, in their transactions
 * (audit.record.ts), read by SuperAdmin and Admin (everything) and teachers (grade changes in their courses).
 */
export const auditManifest = defineManifest({
  name: 'audit',
  migrations: [AuditLog1732300017100],
  resolvers: [AuditResolver],
  services: (ds) => new AuditService(ds),
  router: auditRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    audit: ReturnType<typeof auditManifest.services>;
  }
}
