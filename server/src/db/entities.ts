import { User } from '../modules/users/user.entity';
import { LoginAttempt, PasswordToken, Session } from '../modules/auth/session.entity';
import { OutboxMessage } from '../modules/mail/outbox.entity';
import { academicEntities } from '../modules/academic/academic.entities';
import { courseEntities } from '../modules/courses/courses.entities';
import { AttendanceRecord } from '../modules/attendance/attendance.entity';

/** Every entity of every domain; a new domain adds its own here. */
export const entities = [User, Session, PasswordToken, LoginAttempt, OutboxMessage, ...academicEntities, ...courseEntities, AttendanceRecord];
