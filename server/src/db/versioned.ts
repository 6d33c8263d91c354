import { Column, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { Field, Int, ObjectType } from 'type-graphql';
import { conflict, notFound } from '../errors/domain-error';
import { INPUT_TEXT } from '../core/input';

/**
 * An entity whose concurrent changes are detected: its `version` starts at 1 and `updateVersioned` bumps it;
 * clients send it back (expectedVersion) so a stale edit is answered CONFLICT. Not a GraphQL type of its own.
 */
@ObjectType() // only a base: type-graphql emits no type that no field or root names
export abstract class Versioned {
  @Field(() => Int, { description: 'Increases with every change; send it back on update to be told of concurrent edits.' })
  @Column({ type: 'int', default: 1 })
  version: number;
}

/**
 * Updates one row and bumps its version. With an expected version the update is conditional, so two
 * editors of the same row never silently overwrite each other: the later one gets CONFLICT.
 */
export async function updateVersioned<E extends ObjectLiteral & { id: string; version: number }>(
  m: EntityManager,
  entity: EntityTarget<E>,
  id: string,
  set: Partial<E>,
  expectedVersion: number | undefined,
  labels: { what: string; notFound: string },
): Promise<E> {
  const qb = m
    .createQueryBuilder()
    .update(entity)
    .set({ ...set, version: () => 'version + 1' } as never)
    .where('id = :id', { id });
  if (expectedVersion !== undefined) qb.andWhere('version = :expectedVersion', { expectedVersion });
  const res = await qb.execute();
  if (!res.affected) {
    const exists = await m.getRepository(entity).existsBy({ id } as never);
    throw exists ? conflict(INPUT_TEXT.changedMeanwhile(labels.what)) : notFound(labels.notFound);
  }
  return m.getRepository(entity).findOneByOrFail({ id } as never);
}
