import { FieldNode, GraphQLResolveInfo, Kind, SelectionSetNode } from 'graphql';

/** The fields a selection set asks for itself, through its fragments and inline fragments (whatever their type condition). */
function fieldsOf(info: GraphQLResolveInfo, sets: readonly SelectionSetNode[]): FieldNode[] {
  const out: FieldNode[] = [];
  const visit = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) out.push(s);
      else if (s.kind === Kind.INLINE_FRAGMENT) visit(s.selectionSet);
      else {
        const fragment = info.fragments[s.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  sets.forEach(visit);
  return out;
}

/**
 * Whether the operation may ask, under the field being resolved, for the field at `path` (names from it, by any
 * alias, through fragments): a read built in one statement leaves out what nobody asked for. It errs towards yes
 * (a field under @skip or @include counts as asked): what is left out must be what no answer reads.
 */
export function mayAsk(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  return setsAt(info, path) !== null;
}

/** The selection sets of the fields at `path` under the field being resolved; null when the operation cannot ask for it. */
function setsAt(info: GraphQLResolveInfo, path: readonly string[]): SelectionSetNode[] | null {
  let sets = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  for (const name of path) {
    const fields = fieldsOf(info, sets).filter((f) => f.name.value === name);
    if (!fields.length) return null;
    sets = fields.flatMap((f) => (f.selectionSet ? [f.selectionSet] : []));
  }
  return sets;
}

/**
 * Whether every field the operation may ask for at `path` (by name, whatever the alias, through fragments, under
 * @skip or @include alike) is one of `fields`, or it asks nothing there: a read may then build only those.
 */
export function asksOnly(info: GraphQLResolveInfo, path: readonly string[], fields: readonly string[]): boolean {
  const sets = setsAt(info, path);
  return !sets || fieldsOf(info, sets).every((f) => f.name.value === '__typename' || fields.includes(f.name.value));
}
