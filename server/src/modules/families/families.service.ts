import { DataSource, EntityManager } from 'typeorm';
import { DomainError, notFound } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { Role } from '../../core/role';
import { User, usersByIds, usersByName } from '../users';
import { FAMILY_TEXT } from './families.texts';
import type { ChildrenService } from './families.children';
import { recordAudit, AuditKind } from '../audit';
import { deleteLink, insertLink, linkRows } from './families.repository';

export interface LinkInput {
  parentId?: unknown;
  studentId?: unknown;
}

/** One parent-student link as the services answer it. */
export interface FamilyLink {
  parent: User;
  student: User;
  createdAt: Date;
}

const fullName = (u: Pick<User, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`;

/**
 * Families (issue 17): which parents follow which students. Only SuperAdmin and Admin link and unlink; the
 * database refuses links whose roles are wrong (a trigger), the service says why in words first. What a
 * parent then reads of a child is decided by 'family.readChild' with Actor.childIds (see FamilyViewService).
 */
export class FamiliesService {
  constructor(
    private readonly ds: DataSource,
    /** What a parent reads of a linked child. */
    readonly children: ChildrenService,
  ) {}

  /** Link a Parent to a Student; a link that exists already is refused with a CONFLICT naming both. */
  async link(actor: Actor, input: LinkInput): Promise<FamilyLink> {
    authorize(actor, 'family.manage', undefined, { message: FAMILY_TEXT.cannotManage });
    const { parent, student } = await this.pair(this.ds.manager, input);
    return this.ds.transaction(async (m) => {
      const inserted = await insertLink(m, parent.id, student.id);
      if (!inserted.length) throw new DomainError('CONFLICT', FAMILY_TEXT.alreadyLinked(fullName(parent), fullName(student)));
      await recordAudit(m, actor, {
        kind: AuditKind.FAMILY_LINKED,
        targetUserId: parent.id,
        to: fullName(student),
        note: `Student ${student.email}`,
      });
      return { parent, student, createdAt: inserted[0].created_at };
    });
  }

  /** Remove a link; one that does not exist answers NOT_FOUND. */
  async unlink(actor: Actor, input: LinkInput): Promise<void> {
    authorize(actor, 'family.manage', undefined, { message: FAMILY_TEXT.cannotManage });
    const parentId = assertId(input.parentId, FAMILY_TEXT.notLinked);
    const studentId = assertId(input.studentId, FAMILY_TEXT.notLinked);
    await this.ds.transaction(async (m) => {
      const { n, student } = await deleteLink(m, parentId, studentId);
      if (!n) throw notFound(FAMILY_TEXT.notLinked);
      await recordAudit(m, actor, { kind: AuditKind.FAMILY_UNLINKED, targetUserId: parentId, from: student });
    });
  }

  /** The two users of a link, checked: both exist, the first is a Parent, the second a Student. One statement. */
  private async pair(m: EntityManager, input: LinkInput): Promise<{ parent: User; student: User }> {
    const parentId = assertId(input.parentId, FAMILY_TEXT.userNotFound);
    const studentId = assertId(input.studentId, FAMILY_TEXT.userNotFound);
    const users = await usersByIds(m, [parentId, studentId]);
    const parent = users.find((u) => u.id === parentId);
    const student = users.find((u) => u.id === studentId);
    if (!parent || !student) throw notFound(FAMILY_TEXT.userNotFound);
    if (parent.role !== Role.Parent) throw new DomainError('VALIDATION', FAMILY_TEXT.notAParent(fullName(parent)));
    if (student.role !== Role.Student) throw new DomainError('VALIDATION', FAMILY_TEXT.notAStudent(fullName(student)));
    return { parent, student };
  }

  /** A parent's children or a student's parents, by name: for SuperAdmin and Admin (any user) and a parent (their own). */
  async linksOf(actor: Actor, userId: unknown): Promise<User[]> {
    const id = assertId(userId, FAMILY_TEXT.userNotFound);
    authorize(actor, 'family.readLinks', { id }, { as: 'notFound', message: FAMILY_TEXT.userNotFound });
    return (await linkedUsers(this.ds, [id])).get(id) ?? [];
  }
}

/**
 * The users linked to each of `ids` (children of parents, parents of students: a link's two ends never share
 * a role, so one statement answers both), by last then first name. The caller has authorized the reader.
 */
export async function linkedUsers(ds: DataSource, ids: readonly string[]): Promise<Map<string, User[]>> {
  const out = new Map<string, User[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await linkRows(ds, ids);
  if (!rows.length) return out;
  const users = await usersByName(ds, [...new Set(rows.map((r) => r.id))]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const order = new Map(users.map((u, i) => [u.id, i]));
  for (const r of rows.sort((x, y) => order.get(x.id)! - order.get(y.id)!)) {
    const u = byId.get(r.id);
    if (u) out.get(r.owner)!.push(u);
  }
  return out;
}
