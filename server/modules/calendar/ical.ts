/**
 * A small iCalendar (RFC 5545) writer: VCALENDAR with VEVENTs, CRLF line ends, text escaped (backslash, semicolon,
 * comma, newline) and content lines folded at 75 octets (a fold never splits a UTF-8 character).
 */

export interface IcalEvent {
  uid: string;
  summary: string;
  description?: string;
  url?: string;
  /** A whole day (YYYY-MM-DD) or an instant. */
  start: string | Date;
  /** All-day: the day after the last one (exclusive, as RFC 5545 wants); timed: the end instant. */
  end: string | Date;
  categories?: string;
}

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(v: string) {
  return v
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per line, continuation lines start with a space (RFC 5545 3.1). */
export function fold(line: string) {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length ? 74 : 75; // a continuation line's leading space counts
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (v: string) => v.replace(/-/g, '');

function when(name: 'DTSTART' | 'DTEND', v: string | Date) {
  return typeof v === 'string' ? `${name};VALUE=DATE:${day(v)}` : `${name}:${stamp(v)}`;
}

export function calendarText(opts: { name: string; prodId: string; events: IcalEvent[]; now?: Date }) {
  const now = opts.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${opts.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  for (const e of opts.events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${stamp(now)}`, when('DTSTART', e.start), when('DTEND', e.end), `SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    if (e.categories) lines.push(`CATEGORIES:${escapeText(e.categories)}`);
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
