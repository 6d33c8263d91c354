import { DataSource } from 'typeorm';
import { Config } from '../config';
import { AuthService } from '../modules/auth/auth.service';
import { MailService } from '../modules/mail/mail.service';
import { UsersService } from '../modules/users/users.service';
import { createAcademicServices } from '../modules/academic/academic.services';
import { createCourseServices } from '../modules/courses/courses.register';
import { AttendanceService } from '../modules/attendance/attendance.service';

/** One instance of each service per process; both transports call these. */
export function createServices(ds: DataSource, config: Config) {
  const mail = new MailService(ds, config);
  const auth = new AuthService(ds, config, mail);
  const users = new UsersService(ds, auth, mail);
  const academic = createAcademicServices(ds);
  const courseServices = createCourseServices(ds, config);
  const attendance = new AttendanceService(ds);
  return { mail, auth, users, academic, attendance, ...courseServices };
}

export type Services = ReturnType<typeof createServices>;
