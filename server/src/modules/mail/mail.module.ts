import { defineModule } from '../../app/module';
import { OutboxMessage } from './outbox.entity';
import { MailService } from './mail.service';

/** Mail: SMTP when configured, else the outbox table (its table came with the users domain's Foundation migration). */
export const mailModule = defineModule({
  name: 'mail',
  entities: [OutboxMessage],
  services: (ds, config) => new MailService(ds, config),
});
