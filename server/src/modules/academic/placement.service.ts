import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { User, usersByIds } from '../users';
import { Role } from '../../core/role';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { classById, yearExists } from './academic.repository';
import { lockUsers, placeUsers, placesOfClasses, teachesIn } from './academic.repository.allocations';
import { refId } from '../../core/input';
import type { Events } from '../../core/events';
import type { PlacedUser } from '../users';

/** The most students one bulk placement may move. */
export const MAX_PLACE = 200;

export interface PlaceManyInput {
  userIds?: unknown[] | null;
  classId?: unknown;
  academicYearId?: unknown;
}

export interface PlaceInput {
  userId?: unknown;
  classId?: unknown;
  academicYearId?: unknown;
}

/**
 * Student placement (assessments.md "Student class assignment"): which class and year a student is in.
 * SuperAdmin and Admin place into any class; a teacher only into a class and year they teach.
 */
export class PlacementService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: Events,
  ) {}

  async place(actor: Actor, input: PlaceInput): Promise<User> {
    const [user] = await this.placeMany(actor, { userIds: [input.userId], classId: input.classId, academicYearId: input.academicYearId });
    return user;
  }

  /**
   * Several students into one class and year, in one transaction with the rule of `place` for each of them:
   * every one must be a Student, and a teacher must teach in that class and year. All or nothing; the class's
   * items already past due open for them as late joiners (the `studentsPlaced` event,
   * which grading answers).
   */
  async placeMany(actor: Actor, input: PlaceManyInput): Promise<User[]> {
    authorize(actor, 'student.placeAny', undefined, { message: T.cannotPlace });
    if (!Array.isArray(input.userIds) || input.userIds.length === 0) throw validation(T.selectStudents, 'userIds');
    if (input.userIds.length > MAX_PLACE) throw validation(T.tooManyStudents(MAX_PLACE), 'userIds');
    const ordered = [...new Set(input.userIds.map((id) => assertId(id, T.userNotFound).toLowerCase()))];
    const userIds = [...ordered].sort();
    // the page asks for the year first, then the class
    const academicYearId = refId(input.academicYearId, T.academicYearRequired, T.yearNotFound, 'academicYearId');
    const classId = refId(input.classId, T.classRequired, T.classNotFound, 'classId');
    return this.ds.transaction(async (m) => {
      const students = await lockUsers(m, userIds);
      if (students.length !== userIds.length) throw notFound(T.userNotFound);
      if (!(await yearExists(m, academicYearId))) throw notFound(T.yearNotFound);
      const cls = await classById(m, classId);
      if (!cls) throw notFound(T.classNotFound);
      if (cls.academicYearId !== academicYearId) throw validation(T.classYearMismatch, 'classId');
      const actorTeachesThere = actor.activeRole === Role.Teacher && (await teachesIn(m, actor.userId, classId, academicYearId));
      for (const student of students) {
        authorize(
          actor,
          'student.place',
          { studentRole: student.role, actorTeachesThere },
          {
            message: student.role === Role.Student ? T.notYourClass : T.onlyStudents,
          },
        );
      }
      // only those who move: saving a student's placement again must not excuse them from overdue work
      const moving = students.filter((u) => u.classId !== classId || u.academicYearId !== academicYearId).map((u) => u.id);
      await placeUsers(m, userIds, { classId, academicYearId });
      // work of the class already past due is opened for them with its own due date, never overdue
      if (moving.length) await this.events.emit(m, 'studentsPlaced', { studentIds: moving, classId, academicYearId });
      const placed = await usersByIds(m, userIds);
      const byId = new Map(placed.map((u) => [u.id, u]));
      return ordered.map((id) => byId.get(id)!);
    });
  }

  /**
   * Loads `class` and `academicYear` onto users for the REST adapters (shape them with presentPlacedUser), in
   * one statement for any number of users; null for users who are not placed, which is everyone but students.
   */
  async attach<U extends User>(users: U[]): Promise<Array<U & PlacedUser>> {
    const classIds = [...new Set(users.map((u) => u.classId).filter((id): id is string => Boolean(id)))];
    const rows = classIds.length ? await placesOfClasses(this.ds, classIds) : [];
    const byClass = new Map(rows.map((r) => [r.class_id, r]));
    return users.map((u) => {
      const r = u.classId ? byClass.get(u.classId) : undefined;
      return Object.assign(u, {
        class: r ? { id: r.class_id, name: r.class_name } : null,
        academicYear: r ? { id: r.year_id, year: r.year } : null,
      });
    });
  }

  async attachOne<U extends User>(user: U): Promise<U & PlacedUser> {
    return (await this.attach([user]))[0];
  }
}
