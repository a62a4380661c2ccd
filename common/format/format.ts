import { getLang, type Lang } from '../i18n/lang.ts';

/** `YYYY-MM-DD` (or an ISO instant) → `DD.MM.YYYY`; empty for nothing. */
export function toDisplayDate(v: string | null | undefined): string {
  if (!v) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : v;
}

/** `DD.MM.YYYY` → `YYYY-MM-DD`; an ISO date passes through; null for empty or invalid. */
export function toApiDate(v: string | null | undefined): string | null {
  if (!v) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const m = iso ? [iso[0], iso[3], iso[2], iso[1]] : /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v.trim());
  if (!m) return null;
  // A day that does not exist in the calendar (31.02.2020) is invalid, not silently shifted.
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  if (d.getUTCFullYear() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[1])) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** The non-breaking space that groups thousands and ties a number to its unit or currency code: they never wrap apart. */
export const NBSP = '\u00A0';

/** The language to format for: the one given, else the interface language in local storage (Russian on the server). */
const langOf = (lang?: Lang | string): Lang => ((lang ?? getLang()) === 'en' ? 'en' : 'ru');

/**
 * A number for people: thousands grouped with a non-breaking space in both languages, a decimal comma in Russian and a
 * point in English: 1234567.5 → "1 234 567,5" (ru) / "1 234 567.5" (en). `fractionDigits` fixes the digits after it.
 */
export function formatNumber(n: number | string | null | undefined, fractionDigits?: number, lang?: Lang | string): string {
  if (n === null || n === undefined || n === '') return '';
  const num = Number(n);
  if (Number.isNaN(num)) return String(n);
  const fixed = fractionDigits === undefined ? String(num) : num.toFixed(fractionDigits);
  const [int, frac] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const grouped = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return sign + grouped + (frac ? `${langOf(lang) === 'en' ? '.' : ','}${frac}` : '');
}

/**
 * A percentage: the number as `formatNumber` gives it and the sign right after it, no space, in both apps and both
 * languages ("33,3%" / "33.3%"), so the sign never wraps away from its number. `fractionDigits` as in `formatNumber`.
 */
export function formatPercent(n: number | string | null | undefined, fractionDigits?: number, lang?: Lang | string): string {
  const v = formatNumber(n, fractionDigits, lang);
  return v ? `${v}%` : '';
}

const WEEKDAYS: Record<Lang, string[]> = {
  ru: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};
const MONTHS: Record<Lang, string[]> = {
  ru: ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/** The short weekday names of a calendar's header, Monday first: "Пн Вт Ср Чт Пт Сб Вс" / "Mon … Sun". */
export function weekdayNames(lang?: Lang | string): string[] {
  return [...WEEKDAYS[langOf(lang)]];
}

/** A month's name as a calendar's title says it (nominative in Russian), `month` 0–11: 10 → "Ноябрь" / "November". */
export function monthName(month: number, lang?: Lang | string): string {
  return MONTHS[langOf(lang)][((month % 12) + 12) % 12];
}

/** A calendar's title: the month and the year of a date, "Ноябрь 2026" / "November 2026". */
export function formatMonthYear(d: Date, lang?: Lang | string): string {
  return `${monthName(d.getMonth(), lang)} ${d.getFullYear()}`;
}

/** Seconds → `hh:mm:ss`. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const pad2 = (x: number) => String(x).padStart(2, '0');

/** An instant (ISO text or Date) in the viewer's time zone: `DD.MM.YYYY hh:mm:ss`; empty for nothing. */
export function formatDateTime(v: string | Date | null | undefined): string {
  if (!v) return '';
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) return String(v);
  return `${pad2(d.getDate())}.${pad2(d.getMonth() + 1)}.${d.getFullYear()} ${formatTime(d, true)}`;
}

/** The time of an instant in the viewer's time zone: `hh:mm` (or `hh:mm:ss`), 24 hours in both languages. */
export function formatTime(v: string | Date | null | undefined, seconds = false): string {
  if (!v) return '';
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}${seconds ? `:${pad2(d.getSeconds())}` : ''}`;
}

/** A money amount: grouped number and the currency code after a non-breaking space, `360 000 RUB`: it never wraps. */
export function formatMoney(amount: number | string | null | undefined, currency?: string | null, lang?: Lang | string): string {
  const n = formatNumber(amount, undefined, lang);
  return n && currency ? `${n}${NBSP}${currency}` : n;
}

const SIZE_UNITS = { ru: ['Б', 'КБ', 'МБ', 'ГБ'], en: ['B', 'KB', 'MB', 'GB'] } as const;

/** A file size for people in the interface language: 180122 → `175,9 КБ` (ru) / `175.9 KB` (en); a dash for nothing. */
export function formatFileSize(bytes: number | string | null | undefined, lang?: Lang | string): string {
  if (bytes === null || bytes === undefined || bytes === '' || Number.isNaN(Number(bytes))) return '—';
  const units = SIZE_UNITS[langOf(lang)];
  let v = Number(bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${formatNumber(v, i ? 1 : 0, lang)}${NBSP}${units[i]}`;
}

/** The date and time parts of an instant in the viewer's time zone. */
function localParts(d: Date) {
  const p = (n: number) => String(n).padStart(2, '0');
  return { day: p(d.getDate()), month: p(d.getMonth() + 1), year: String(d.getFullYear()), hours: p(d.getHours()), minutes: p(d.getMinutes()) };
}

/** An ISO 8601 instant → the text of a date-time input, `DD.MM.YYYY hh:mm` (24-hour, viewer's time zone). */
export function toInputDateTime(v: string | null | undefined): string {
  if (!v) return '';
  const d = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(d.getTime())) return v;
  const x = localParts(d);
  return `${x.day}.${x.month}.${x.year} ${x.hours}:${x.minutes}`;
}

/**
 * A typed `DD.MM.YYYY hh:mm` (or `DD.MM.YYYY`, midnight) in the viewer's time zone → the ISO 8601 instant in UTC that
 * the API takes (`2026-11-24T07:05:00.000Z`); an ISO instant passes through. Null for an empty text or one that is not
 * a real moment (31.02, 25:00).
 */
export function toApiInstant(v: string | null | undefined): string | null {
  if (!v?.trim()) return null;
  const t = v.trim();
  if (/^\d{4}-\d{2}-\d{2}T/.test(t)) return Number.isNaN(Date.parse(t)) ? null : new Date(t).toISOString();
  const m = /^(\d{2})\.(\d{2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(t);
  if (!m) return null;
  const [, dd, mm, yyyy, hh = '0', mi = '0'] = m;
  const d = new Date(Number(yyyy), Number(mm) - 1, Number(dd), Number(hh), Number(mi));
  // 31.02 or 25:00 roll over into another day: not a real instant
  if (d.getDate() !== Number(dd) || d.getMonth() !== Number(mm) - 1 || d.getHours() !== Number(hh) || d.getMinutes() !== Number(mi)) return null;
  return d.toISOString();
}
