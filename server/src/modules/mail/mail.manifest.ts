import { defineManifest } from '../../core/manifest';
import { MailOutbox1732300000200 } from './1732300000200-MailOutbox';
import { OutboxDelivery1732300008200 } from './1732300008200-OutboxDelivery';
import { OutboxMessage } from './outbox.entity';
import { MailService } from './mail.service';

/** Mail: the outbox table, delivered by a background sender over SMTP when configured. */
export const mailManifest = defineManifest({
  name: 'mail',
  entities: [OutboxMessage],
  migrations: [MailOutbox1732300000200, OutboxDelivery1732300008200],
  services: (ds, config) => new MailService(ds, config),
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    mail: ReturnType<typeof mailManifest.services>;
  }
}
