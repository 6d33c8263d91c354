import ICAL from 'ical.js';
import { escapeText, foldLine, utc, writeCalendar } from './calendar.ics';

/** The RFC 5545 rules the writer keeps, checked by octets and by a real parser (ical.js). */

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

it('escapes backslash, semicolon, comma and every newline in TEXT values', () => {
  expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
});

it('writes UTC date-times without separators or milliseconds', () => {
  expect(utc(new Date('2026-11-24T17:05:09.123Z'))).toBe('20261124T170509Z');
});

it('folds at 75 octets, never inside a multi-byte character, and unfolds to the same line', () => {
  const line = `SUMMARY:${'Fractions ½ — ünïcödé 数学 '.repeat(12)}`;
  const folded = foldLine(line);
  const parts = folded.split('\r\n');
  expect(parts.length).toBeGreaterThan(3);
  for (const p of parts) expect(octets(p)).toBeLessThanOrEqual(75);
  parts.slice(1).forEach((p) => expect(p.startsWith(' ')).toBe(true));
  // no part holds a broken character (U+FFFD would show one)
  for (const p of parts) expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
  expect(folded.replace(/\r\n /g, '')).toBe(line);
  expect(foldLine('SHORT:x')).toBe('SHORT:x');
});

it('a calendar parses back with ical.js: names, CRLF, events and their fields survive', () => {
  const start = new Date('2026-12-01T09:30:00Z');
  const title = 'Essay; draft, part 1 \\ final\nsecond line — with a very long title that is folded over several lines of the file';
  const text = writeCalendar({
    name: 'School LMS: Stella Student',
    stamp: new Date('2026-11-24T12:00:00Z'),
    events: [
      {
        uid: 'a-1@lms.test',
        start,
        end: start,
        summary: title,
        description: 'Line one\nLine two',
        url: 'http://lms.test/dashboard/x',
        categories: ['Assignment'],
      },
    ],
  });
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const l of text.split('\r\n')) expect(octets(l)).toBeLessThanOrEqual(75);
  const cal = new ICAL.Component(ICAL.parse(text));
  expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('School LMS: Stella Student');
  expect(cal.getFirstPropertyValue('version')).toBe('2.0');
  const [ev] = cal.getAllSubcomponents('vevent');
  const e = new ICAL.Event(ev);
  expect(e.uid).toBe('a-1@lms.test');
  expect(e.summary).toBe(title);
  expect(e.description).toBe('Line one\nLine two');
  expect(e.startDate.toJSDate().toISOString()).toBe(start.toISOString());
  expect(e.startDate.zone?.tzid).toBe('UTC');
  expect(String(ev.getFirstPropertyValue('url'))).toBe('http://lms.test/dashboard/x');
  expect(String(ev.getFirstPropertyValue('dtstamp'))).toBe('2026-11-24T12:00:00Z');
});
