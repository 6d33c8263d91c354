import type { EntityManager } from 'typeorm';
import type { Plan } from './oneroster.import-plan';
import { deactivateUsers, reactivateUsers } from '../auth';
import {
  deleteAllocations,
  deleteLinks,
  deletePeriods,
  deleteTeaching,
  insertAllocations,
  insertClasses,
  insertLinks,
  insertSubjects,
  insertTeaching,
  insertUsers,
  insertYear,
  linkAllocations,
  placeUsers,
  updateUsers,
  updateYear,
  upsertCourseSids,
  upsertOrg,
  upsertPeriod,
} from './oneroster.repository.apply';

/**
 * Writes a plan in the caller's transaction, set-based where rows can be many (users, links, placements,
 * teachers, classes, allocations), so a district's zip costs a fixed number of statements (years and periods are few).
 */
export async function applyPlan(m: EntityManager, plan: Plan): Promise<void> {
  for (const [type, o] of [
    ['school', plan.school],
    ['district', plan.district],
  ] as const) {
    if (!o) continue;
    await upsertOrg(m, type, o);
  }
  for (const y of plan.years) {
    if (y.isNew) await insertYear(m, y);
    else await updateYear(m, y);
  }
  // terms before grading periods (a grading period may name a term of the same file)
  for (const p of [...plan.periods].sort((a, b) => (a.type === b.type ? 0 : a.type === 'term' ? -1 : 1))) await upsertPeriod(m, p);
  if (plan.subjects.length) await insertSubjects(m, plan.subjects);
  if (plan.classes.length) await insertClasses(m, plan.classes);
  if (plan.courseSids.length) await upsertCourseSids(m, plan.courseSids);
  const newAllocations = plan.allocations.filter((a) => a.isNew);
  if (newAllocations.length) await insertAllocations(m, newAllocations);
  const linkedAllocations = plan.allocations.filter((a) => !a.isNew);
  if (linkedAllocations.length) await linkAllocations(m, linkedAllocations);
  if (plan.newUsers.length) await insertUsers(m, plan.newUsers);
  if (plan.changedUsers.length) await updateUsers(m, plan.changedUsers);
  if (plan.links.length) await insertLinks(m, plan.links);
  if (plan.teaching.length) await insertTeaching(m, plan.teaching);
  if (plan.untaught.length) await deleteTeaching(m, plan.untaught);
  if (plan.removedAllocations.length) await deleteAllocations(m, plan.removedAllocations);
  if (plan.removedPeriods.length) await deletePeriods(m, plan.removedPeriods);
  if (plan.unlinked.length) await deleteLinks(m, plan.unlinked);
  await deactivateUsers(m, plan.deactivatedUsers);
  await reactivateUsers(m, plan.reactivatedUsers);
  if (plan.placements.length) await placeUsers(m, plan.placements);
}
