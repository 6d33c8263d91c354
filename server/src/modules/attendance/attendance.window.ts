import { GraphQLResolveInfo, getArgumentValues, getNamedType, isObjectType } from 'graphql';
import { PageWindow, windowOf } from '../../core/paging';
import { ATTENDANCE_PAGE } from './attendance.service';

/**
 * The window that the `records` field of a myAttendance (or childAttendance) selection asks for, so the page
 * is read in the same statement as the rest of the answer. Null when it is not asked for directly, is asked
 * for more than once with different windows, or its arguments are invalid: the field then reads its own page
 * (or refuses its arguments) as it always has.
 */
export function recordsWindow(info: GraphQLResolveInfo): PageWindow | null {
  const type = getNamedType(info.returnType);
  const field = isObjectType(type) ? type.getFields().records : undefined;
  if (!field) return null;
  let window: PageWindow | null = null;
  for (const node of info.fieldNodes) {
    for (const s of node.selectionSet?.selections ?? []) {
      if (s.kind !== 'Field' || s.name.value !== 'records') continue;
      let w: PageWindow;
      try {
        w = windowOf(getArgumentValues(field, s, info.variableValues), ATTENDANCE_PAGE);
      } catch {
        return null;
      }
      if (window && (window.offset !== w.offset || window.limit !== w.limit)) return null;
      window = w;
    }
  }
  return window;
}
