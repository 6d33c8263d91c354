import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { User } from '../users/user.entity';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { TeacherAssignment } from './teacher-assignment.entity';
import { AssignmentScope, scopeKey } from './academic.scope';

function byId<T extends { id: string }>(load: (ids: string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await load([...ids]);
    const map = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => map.get(id) ?? null);
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    out.set(k, [...(out.get(k) ?? []), row]);
  }
  return out;
}

export interface AssignmentsOfClassKey {
  classId: string;
  scope: AssignmentScope;
}

/**
 * One statement per level whatever the school size: the academic tree (years -> classes -> assignments
 * with subject and teachers) and the placement fields of users resolve through these.
 */
export function academicLoaders(ds: DataSource) {
  return {
    yearById: byId((ids) => ds.getRepository(AcademicYear).findBy({ id: In(ids) })),
    classById: byId((ids) => ds.getRepository(SchoolClass).findBy({ id: In(ids) })),
    subjectById: byId((ids) => ds.getRepository(Subject).findBy({ id: In(ids) })),

    classesByYearId: new DataLoader<string, SchoolClass[]>(async (yearIds) => {
      const rows = await ds.getRepository(SchoolClass).find({
        where: { academicYearId: In([...yearIds]) },
        order: { name: 'ASC', id: 'ASC' },
      });
      const groups = groupBy(rows, (c) => c.academicYearId);
      return yearIds.map((id) => groups.get(id) ?? []);
    }),

    /** Filtered in SQL by the actor's scope; subject and teachers come by joins in the same statement. */
    assignmentsByClass: new DataLoader<AssignmentsOfClassKey, TeacherAssignment[], string>(
      async (keys) => {
        const results = new Map<string, TeacherAssignment[]>();
        const byScope = groupBy([...keys], (k) => scopeKey(k.scope));
        for (const group of byScope.values()) {
          const scope = group[0].scope;
          if (scope.kind === 'none') continue;
          const qb = ds.getRepository(TeacherAssignment).createQueryBuilder('a')
            .innerJoinAndSelect('a.subject', 's')
            .leftJoinAndSelect('a.teachers', 't')
            .where('a.class_id IN (:...classIds)', { classIds: group.map((k) => k.classId) })
            .orderBy('s.name', 'ASC').addOrderBy('a.id', 'ASC')
            .addOrderBy('t.lastName', 'ASC').addOrderBy('t.firstName', 'ASC');
          if (scope.kind === 'teacher') {
            qb.andWhere(
              'EXISTS (SELECT 1 FROM teacher_assignment_teachers x WHERE x.assignment_id = a.id AND x.teacher_id = :me)',
              { me: scope.teacherId },
            );
          }
          const rows = await qb.getMany();
          for (const [classId, list] of groupBy(rows, (a) => a.classId)) {
            results.set(`${scopeKey(scope)}|${classId}`, list);
          }
        }
        return keys.map((k) => results.get(`${scopeKey(k.scope)}|${k.classId}`) ?? []);
      },
      { cacheKeyFn: (k) => `${scopeKey(k.scope)}|${k.classId}` },
    ),

    /** For assignments whose teachers were not joined already. */
    teachersByAssignmentId: new DataLoader<string, User[]>(async (ids) => {
      const rows: Array<{ assignment_id: string; teacher_id: string }> = await ds.query(
        `SELECT assignment_id, teacher_id FROM teacher_assignment_teachers WHERE assignment_id = ANY($1)`,
        [[...ids]],
      );
      const users = rows.length
        ? await ds.getRepository(User).find({ where: { id: In([...new Set(rows.map((r) => r.teacher_id))]) }, order: { lastName: 'ASC', firstName: 'ASC' } })
        : [];
      const order = new Map(users.map((u, i) => [u.id, i]));
      const byId = new Map(users.map((u) => [u.id, u]));
      const groups = groupBy(rows, (r) => r.assignment_id);
      return ids.map((id) =>
        (groups.get(id) ?? [])
          .map((r) => byId.get(r.teacher_id)!)
          .filter(Boolean)
          .sort((a, b) => order.get(a.id)! - order.get(b.id)!),
      );
    }),
  };
}
