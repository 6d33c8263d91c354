import { User } from '../modules/users/user.entity';
import { LoginAttempt, PasswordToken, Session } from '../modules/auth/session.entity';
import { OutboxMessage } from '../modules/mail/outbox.entity';

/** Every entity of every domain; a new domain adds its own here. */
export const entities = [User, Session, PasswordToken, LoginAttempt, OutboxMessage];
