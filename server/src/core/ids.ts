import { notFound } from '../errors/domain-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** An id that cannot exist is answered like one that does not: not found. */
export function assertId(value: unknown, message = 'Not found'): string {
  if (!isId(value)) throw notFound(message);
  return value;
}
