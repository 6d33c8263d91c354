import { DataSource } from 'typeorm';
import { Config } from '../config';
import { AuthService } from '../modules/auth/auth.service';
import { MailService } from '../modules/mail/mail.service';
import { UsersService } from '../modules/users/users.service';

/** One instance of each service per process; both transports call these. */
export function createServices(ds: DataSource, config: Config) {
  const mail = new MailService(ds, config);
  const auth = new AuthService(ds, config, mail);
  const users = new UsersService(ds, auth, mail);
  return { mail, auth, users };
}

export type Services = ReturnType<typeof createServices>;
