import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { toDisplayDate } from '../../common/format/format.ts';
import { Empty, Loading } from '../components/ui.tsx';

interface CalEvent {
  id: string;
  kind: 'deadline' | 'webinar' | 'consulting' | 'quiz';
  title: string;
  starts_at: string;
  link?: string;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** `/calendar`: deadlines, consulting sessions and webinars by month or by week. */
export default function Calendar() {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<'month' | 'week'>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const [events, setEvents] = useState<CalEvent[]>();
  const [calendarId, setCalendarId] = useState('');
  const [from, to] = useMemo(() => {
    const a = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate()));
    if (mode === 'month') return [new Date(Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), 1)), new Date(Date.UTC(a.getUTCFullYear(), a.getUTCMonth() + 1, 0))];
    const monday = new Date(a);
    monday.setUTCDate(a.getUTCDate() - ((a.getUTCDay() + 6) % 7));
    const sunday = new Date(monday);
    sunday.setUTCDate(monday.getUTCDate() + 6);
    return [monday, sunday];
  }, [anchor, mode]);
  useEffect(() => {
    setEvents(undefined);
    api<{ data: CalEvent[]; meta: { calendar_id: string } }>('/api/calendar', { query: { from: iso(from), to: iso(to) } }).then((r) => {
      setEvents(r.data);
      setCalendarId(r.meta.calendar_id);
    }, () => setEvents([]));
  }, [from, to]);
  const move = (dir: number) => {
    const d = new Date(anchor);
    if (mode === 'month') d.setUTCMonth(d.getUTCMonth() + dir);
    else d.setUTCDate(d.getUTCDate() + 7 * dir);
    setAnchor(d);
  };
  const label = mode === 'month' ? from.toLocaleDateString(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }) : `${toDisplayDate(iso(from))} — ${toDisplayDate(iso(to))}`;
  return (
    <section>
      <h1>{t('titles.calendar')}</h1>
      <div className="quiz-bar">
        <span>
          <button className="btn ghost" onClick={() => move(-1)}>{t('calendar.prev')}</button> <strong data-testid="calendar-label">{label}</strong>{' '}
          <button className="btn ghost" onClick={() => move(1)}>{t('calendar.next')}</button>
        </span>
        <select aria-label={t('calendar.month')} value={mode} onChange={(e) => setMode(e.target.value as 'month' | 'week')}>
          <option value="month">{t('calendar.month')}</option>
          <option value="week">{t('calendar.week')}</option>
        </select>
      </div>
      {calendarId && <p><small>{t('calendar.school_calendar', { id: calendarId })}</small></p>}
      {!events ? <Loading /> : !events.length ? <Empty text={t('calendar.empty')} /> : (
        <ul className="items">
          {events.map((e) => (
            <li key={e.id} className="card" data-testid="calendar-event">
              <strong>{toDisplayDate(e.starts_at)}</strong> {e.kind !== 'deadline' && new Date(e.starts_at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })} · <span className="badge">{t(`calendar.kinds.${e.kind}`)}</span>{' '}
              {e.link ? <Link to={e.link}>{e.title}</Link> : e.title}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
