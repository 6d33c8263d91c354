/**
 * An iCalendar (RFC 5545) writer for the feed: only what a published calendar of deadlines needs. Written
 * here rather than taken from a library because the rules are few and each is tested against a parser
 * (calendar.feed.test.ts): CRLF line ends, lines folded at 75 octets without splitting a UTF-8 character,
 * TEXT values with `\`, `;`, `,` and newlines escaped, and times in UTC.
 */

/** One VEVENT of the feed. */
export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
  categories?: string[];
}

export interface IcsCalendar {
  name: string;
  description?: string;
  /** DTSTAMP of every event: when the feed was written. */
  stamp: Date;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A TEXT value (RFC 5545 section 3.3.11): backslash first, then `;` `,` and every kind of newline. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** UTC date-time form 2 (section 3.3.5): 20261124T170000Z. */
export function utc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Folds one content line (section 3.1): at most 75 octets per line, CRLF then one space before each
 * continuation; a multi-byte character is never cut (the limit counts octets, not characters).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      // a continuation starts with the space, which counts towards its 75 octets
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** A URI value (section 3.3.13) is not TEXT: no escaping, but it must hold no control characters. */
const uri = (value: string) => [...value].filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f).join('');

function eventLines(e: IcsEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.url) lines.push(`URL:${uri(e.url)}`);
  if (e.categories?.length) lines.push(`CATEGORIES:${e.categories.map(escapeText).join(',')}`);
  // a deadline, not a meeting: it does not block the user's time
  lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR, ready to send as text/calendar. */
export function writeCalendar(cal: IcsCalendar): string {
  const stamp = utc(cal.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//School LMS//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    ...(cal.description ? [`X-WR-CALDESC:${escapeText(cal.description)}`] : []),
    // how often subscribers should fetch again (Outlook reads the first, Google the published TTL)
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...cal.events.flatMap((e) => eventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
