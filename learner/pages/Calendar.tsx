import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { apiBaseUrl } from '../../common/tenant/tenant.ts';
import { formatMonthYear, formatTime, toDisplayDate, weekdayNames } from '../../common/format/format.ts';
import { ErrorState, Loading, useErrorToast, useLoad } from '../components/ui.tsx';
import './calendar.css';
import { useClientSetting } from '../components/school.ts';
import type { CalendarFeed as Feed, CalendarFeedAnswer, CalendarItem as CalEvent, CalendarMonth } from '../../common/api/types/calendar.ts';

/** One mark on one day: a deadline, a session, or a quiz window's opening or closing. */
interface DayItem {
  key: string;
  event: CalEvent;
  edge?: 'opens' | 'closes';
  /** The time shown (null for a whole-day deadline). */
  at: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local day of a date as YYYY-MM-DD (the calendar is drawn in the user's time zone). */
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const fromKey = (k: string) => {
  const [y, m, d] = k.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const mondayOf = (d: Date) => addDays(d, -((d.getDay() + 6) % 7));

/** Which days an item marks: a deadline its day, a session its start, a quiz window its first and last day. */
function placeEvents(events: CalEvent[]) {
  const byDay = new Map<string, DayItem[]>();
  const put = (day: string, item: DayItem) => byDay.set(day, [...(byDay.get(day) ?? []), item]);
  for (const e of events) {
    if (e.kind === 'deadline') put(e.date ?? e.starts_at.slice(0, 10), { key: e.id, event: e, at: null });
    else if (e.kind === 'quiz') {
      const open = dayKey(new Date(e.starts_at));
      const close = dayKey(new Date(e.ends_at));
      put(open, { key: `${e.id}-o`, event: e, edge: open === close ? undefined : 'opens', at: e.starts_at });
      if (close !== open) put(close, { key: `${e.id}-c`, event: e, edge: 'closes', at: e.ends_at });
    } else put(dayKey(new Date(e.starts_at)), { key: e.id, event: e, at: e.starts_at });
  }
  for (const list of byDay.values()) list.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  return byDay;
}

/** A link to the school's calendar (client setting 19): an address as it is, a Google calendar id to its page. */
function schoolCalendarLink(id: string) {
  if (/^(https?|webcal):\/\//i.test(id)) return id.replace(/^webcal:/i, 'https:');
  return `https://calendar.google.com/calendar/embed?src=${encodeURIComponent(id)}`;
}

/**
 * `/calendar`: a month grid (Monday first) or a week, today marked, each day with the student's deadlines, quiz
 * windows (opening and closing day), consulting sessions and webinars; the selected day's list below the grid; arrow
 * keys move between days. The school's calendar (setting 19) and the private iCalendar feed for a phone's calendar.
 */
export default function Calendar() {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<'month' | 'week'>('month');
  const today = dayKey(new Date());
  const [selected, setSelected] = useState(today);
  const grid = useRef<HTMLDivElement>(null);
  const sel = fromKey(selected);
  const days = useMemo(() => {
    if (mode === 'week') {
      const monday = mondayOf(sel);
      return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    }
    const first = new Date(sel.getFullYear(), sel.getMonth(), 1);
    const last = new Date(sel.getFullYear(), sel.getMonth() + 1, 0);
    const start = mondayOf(first);
    const count = Math.ceil(((last.getTime() - start.getTime()) / 86_400_000 + 1) / 7) * 7;
    return Array.from({ length: count }, (_, i) => addDays(start, i));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, mode === 'week' ? dayKey(mondayOf(sel)) : `${sel.getFullYear()}-${sel.getMonth()}`]);
  // a day more on each side: an item's UTC day may be the next or previous local day
  const from = dayKey(addDays(days[0], -1));
  const to = dayKey(addDays(days[days.length - 1], 1));
  const { data: answer, error, retry } = useLoad((signal) => api<CalendarMonth>('/api/calendar', { query: { from, to }, signal }), [from, to]);
  const byDay = useMemo(() => placeEvents(answer?.data ?? []), [answer]);
  // the school's calendar: client setting 19 (`GET /api/setting/19`), read once per page load
  const calendarId = useClientSetting(19) ?? '';
  const weekdays = t('calendar.weekdays', { returnObjects: true }) as string[];
  const shortWeekdays = weekdayNames(i18n.language);
  const monthLabel = formatMonthYear(sel, i18n.language);
  const label = mode === 'month' ? monthLabel : `${toDisplayDate(dayKey(days[0]))} — ${toDisplayDate(dayKey(days[6]))}`;

  const move = (dir: number) => {
    if (mode === 'week') setSelected(dayKey(addDays(sel, 7 * dir)));
    else {
      const target = new Date(sel.getFullYear(), sel.getMonth() + dir, 1);
      setSelected(dayKey(target));
    }
  };
  const focusDay = (key: string) => {
    setSelected(key);
    // the day's button exists after the render (another month's days are drawn first)
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${key}"]`)?.focus());
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (step) {
      e.preventDefault();
      focusDay(dayKey(addDays(sel, step)));
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusDay(dayKey(mondayOf(sel)));
    } else if (e.key === 'End') {
      e.preventDefault();
      focusDay(dayKey(addDays(mondayOf(sel), 6)));
    }
  };

  const itemText = (i: DayItem) => `${i.edge ? `${t(`calendar.${i.edge}`)}: ` : ''}${i.event.title}`;
  const itemLine = (i: DayItem) => (
    <li key={i.key} className={`cal-item cal-${i.event.kind}`} data-testid="calendar-event">
      {i.at && <time dateTime={i.at}>{formatTime(i.at)}</time>} <span className="badge">{t(`calendar.kinds.${i.event.kind}`)}</span>{' '}
      {i.event.link ? <Link to={i.event.link}>{itemText(i)}</Link> : itemText(i)}
    </li>
  );
  const dayName = (d: Date) => `${weekdays[(d.getDay() + 6) % 7]}, ${toDisplayDate(dayKey(d))}`;
  const selectedItems = byDay.get(selected) ?? [];

  return (
    <section className="calendar">
      <h1>{t('titles.calendar')}</h1>
      <div className="cal-bar">
        <button className="btn ghost" onClick={() => move(-1)} aria-label={t(mode === 'month' ? 'calendar.prev_month' : 'calendar.prev_week')}>
          ‹
        </button>
        <strong data-testid="calendar-label" aria-live="polite">
          {label}
        </strong>
        <button className="btn ghost" onClick={() => move(1)} aria-label={t(mode === 'month' ? 'calendar.next_month' : 'calendar.next_week')}>
          ›
        </button>
        <button className="btn ghost" onClick={() => focusDay(today)} data-testid="calendar-today">
          {t('calendar.today')}
        </button>
        <span role="group" aria-label={t('calendar.view')} className="cal-modes">
          <button className={`btn ${mode === 'month' ? '' : 'ghost'}`} aria-pressed={mode === 'month'} onClick={() => setMode('month')} data-testid="calendar-month">
            {t('calendar.month')}
          </button>
          <button className={`btn ${mode === 'week' ? '' : 'ghost'}`} aria-pressed={mode === 'week'} onClick={() => setMode('week')} data-testid="calendar-week">
            {t('calendar.week')}
          </button>
        </span>
      </div>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !answer ? (
        <Loading />
      ) : mode === 'month' ? (
        <>
          <div className="cal-grid" role="grid" aria-label={monthLabel} ref={grid} onKeyDown={onKey} data-testid="calendar-grid">
            <div role="row" className="cal-row cal-head">
              {weekdays.map((w, i) => (
                <div role="columnheader" key={w} className="cal-wd">
                  <abbr title={w}>{shortWeekdays[i]}</abbr>
                </div>
              ))}
            </div>
            {Array.from({ length: days.length / 7 }, (_, r) => (
              <div role="row" className="cal-row" key={r}>
                {days.slice(r * 7, r * 7 + 7).map((d) => {
                  const key = dayKey(d);
                  const items = byDay.get(key) ?? [];
                  const other = d.getMonth() !== sel.getMonth();
                  return (
                    <div role="gridcell" key={key} aria-selected={key === selected} className="cal-cell">
                      <button
                        type="button"
                        data-day={key}
                        data-testid={`day-${key}`}
                        tabIndex={key === selected ? 0 : -1}
                        className={`cal-day${other ? ' other' : ''}${key === today ? ' today' : ''}${key === selected ? ' selected' : ''}`}
                        aria-current={key === today ? 'date' : undefined}
                        aria-label={`${dayName(d)}${key === today ? ` (${t('calendar.today').toLowerCase()})` : ''}: ${items.length ? t('calendar.count', { count: items.length }) : t('calendar.none')}`}
                        onClick={() => setSelected(key)}
                      >
                        <span className="cal-num">{d.getDate()}</span>
                        {items.slice(0, 3).map((i) => (
                          <span key={i.key} className={`cal-chip cal-${i.event.kind}`} aria-hidden="true">
                            {itemText(i)}
                          </span>
                        ))}
                        {items.length > 3 && (
                          <span className="cal-more" aria-hidden="true">
                            +{items.length - 3}
                          </span>
                        )}
                        {items.length > 0 && (
                          <span className="cal-dots" aria-hidden="true">
                            {items.slice(0, 3).map((i) => (
                              <i key={i.key} className={`cal-${i.event.kind}`} />
                            ))}
                          </span>
                        )}
                      </button>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          <div className="card section" data-testid="calendar-day">
            <h2>
              {dayName(sel)}
              {selected === today && (
                <>
                  {' '}
                  · <span className="badge ok">{t('calendar.today')}</span>
                </>
              )}
            </h2>
            {selectedItems.length ? <ul className="items">{selectedItems.map(itemLine)}</ul> : <p>{t('calendar.none')}</p>}
          </div>
        </>
      ) : (
        <div className="cal-week" data-testid="calendar-week-list">
          {days.map((d) => {
            const key = dayKey(d);
            const items = byDay.get(key) ?? [];
            return (
              <div key={key} className={`card section cal-weekday${key === today ? ' today' : ''}`} data-testid={`week-${key}`} aria-current={key === today ? 'date' : undefined}>
                <h2>
                  {dayName(d)}
                  {key === today && (
                    <>
                      {' '}
                      · <span className="badge ok">{t('calendar.today')}</span>
                    </>
                  )}
                </h2>
                {items.length ? <ul className="items">{items.map(itemLine)}</ul> : <p className="muted">{t('calendar.none')}</p>}
              </div>
            );
          })}
        </div>
      )}
      {calendarId && (
        <p data-testid="school-calendar">
          <a href={schoolCalendarLink(calendarId)} target="_blank" rel="noopener noreferrer">
            {t('calendar.school_calendar_link')}
          </a>
        </p>
      )}
      <FeedPanel />
    </section>
  );
}

/** The private iCalendar feed: make its address (shown once), copy it or open it in the phone's calendar, replace it, switch it off. */
function FeedPanel() {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const { data: loaded, error } = useLoad((signal) => api<CalendarFeedAnswer>('/api/calendar/feed', { signal }).then((r) => r.data), []);
  const [feed, setFeed] = useState<Feed>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const state = feed ?? loaded;
  if (error || !state) return null;
  const call = async (method: 'PUT' | 'DELETE') => {
    setBusy(true);
    setCopied(false);
    try {
      setFeed((await api<CalendarFeedAnswer>('/api/calendar/feed', { method, body: {}, json: true })).data);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  const url = state.url ? `${apiBaseUrl()}${state.url}` : null;
  return (
    <div className="card section" data-testid="calendar-feed">
      <h2>{t('calendar.feed.title')}</h2>
      <p>
        <small>{t('calendar.feed.hint')}</small>
      </p>
      {url ? (
        <>
          <label className="field">
            <span>{t('calendar.feed.address')}</span>
            <input readOnly value={url} data-testid="calendar-feed-url" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <p className="cal-feed-actions">
            <button
              className="btn"
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {t('calendar.feed.copy')}
            </button>{' '}
            <a className="btn ghost" href={url.replace(/^https?:/, 'webcal:')}>
              {t('calendar.feed.open')}
            </a>
            {copied && <span role="status"> {t('calendar.feed.copied')}</span>}
          </p>
          <p>
            <small>{t('calendar.feed.once')}</small>
          </p>
        </>
      ) : state.active ? (
        <p data-testid="calendar-feed-state">
          {t('calendar.feed.active', { date: toDisplayDate(state.created_at) })}
          {state.last_used_at && ` ${t('calendar.feed.used', { date: toDisplayDate(state.last_used_at) })}`}
        </p>
      ) : null}
      <p className="cal-feed-actions">
        <button className="btn" disabled={busy} onClick={() => void call('PUT')} data-testid="calendar-feed-make">
          {t(state.active ? 'calendar.feed.renew' : 'calendar.feed.make')}
        </button>{' '}
        {state.active && (
          <button className="btn ghost" disabled={busy} onClick={() => void call('DELETE')} data-testid="calendar-feed-off">
            {t('calendar.feed.off')}
          </button>
        )}
      </p>
    </div>
  );
}
