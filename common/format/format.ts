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

/** Numbers with a space as thousands separator: 1234567.5 → "1 234 567.5". */
export function formatNumber(n: number | string | null | undefined, fractionDigits?: number): string {
  if (n === null || n === undefined || n === '') return '';
  const num = Number(n);
  if (Number.isNaN(num)) return String(n);
  const fixed = fractionDigits === undefined ? String(num) : num.toFixed(fractionDigits);
  const [int, frac] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const grouped = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return sign + grouped + (frac ? `.${frac}` : '');
}

/** Seconds → `hh:mm:ss`. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
