import DataLoader from 'dataloader';

/** Rows by id: one statement for every id asked for in the same tick; a missing id answers null. */
export function byIdLoader<T extends { id: string }>(load: (ids: string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const byId = new Map((await load([...ids])).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** Lists by a parent id: one statement for every parent asked for in the same tick, each list in the rows' order. */
export function listLoader<T>(load: (ids: string[]) => Promise<T[]>, parentOf: (row: T) => string) {
  return new DataLoader<string, T[]>(async (ids) => {
    const groups = new Map<string, T[]>();
    for (const row of await load([...ids])) {
      const k = parentOf(row);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k)!.push(row);
    }
    return ids.map((id) => groups.get(id) ?? []);
  });
}
