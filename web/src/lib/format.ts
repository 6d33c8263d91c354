/** Display helpers shared by the course, content, discussion and student pages. */
import type { ModuleType } from '../gql/types';

// Made once: toLocaleDateString() builds a formatter on every call, which shows on a phone in long lists.
const DATE = new Intl.DateTimeFormat();
const TIME = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });

/** Date and time of a post, in the user's time zone (as toLocaleDateString() and toLocaleTimeString() write them). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${DATE.format(d)} ${TIME.format(d)}`;
}

export function fullName(person: { firstName: string; lastName: string } | null | undefined): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() : 'Unknown';
}

/** File size in KB with two decimals (spec section 9). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/** The spec's words for the schema's ALL_CAPS module types, in the picker's order (Week is the default). */
export const MODULE_TYPE_LABEL: Record<ModuleType, string> = { WEEK: 'Week', UNIT: 'Unit' };

/** "Week 3" / "Unit 1". */
export function moduleLabel(m: { moduleType: ModuleType; order: number }): string {
  return `${MODULE_TYPE_LABEL[m.moduleType]} ${m.order}`;
}

/** Description preview on the tables: cut at 50 characters plus an ellipsis (spec section 9). */
export function preview(text: string, max = 50): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** An ISO time as the datetime-local field shows it, in the user's time zone, trimmed to the minute. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The field's value as an ISO time for the server (the browser reads it in the user's time zone). */
export function fromLocalInput(value: string): string {
  return new Date(value.slice(0, 16)).toISOString();
}
