import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api, type ApiError } from '../../common/api/client.ts';
import type { CredentialAnswer, MissingStep, MyAchievement, MyAchievements, MyBranchAnswer, MyBranchList } from '../../common/api/types/lifelong.ts';
import { download } from '../../common/api/download.ts';
import { formatNumber, toDisplayDate } from '../../common/format/format.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { apiBaseUrl } from '../../common/tenant/tenant.ts';
import { Empty, ErrorState, Loading, useLoad } from '../components/ui.tsx';
import { NotFound } from '../components/NotFound.tsx';

/** The title in the reader's language: English when chosen and given. */
const titleOf = (x: { title: string; title_en?: string | null }) => (getLang() === 'en' && x.title_en ? x.title_en : x.title);

/** An image URL the API answers (`/api/files/…`) on the API's origin. */
const apiUrl = (path: string) => `${apiBaseUrl()}${path}`;

const grid: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', gap: 16 };

/** `/abranch/list` and `/abranch/:id`: the branches of lifelong learning with the student's progress and achievements. */
export default function Lifelong() {
  const { id } = useParams();
  if (id && !/^\d+$/.test(id)) return <NotFound />;
  return id ? <BranchPage id={id} /> : <BranchList />;
}

function Progress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
      <div style={{ width: `${percent}%` }} />
    </div>
  );
}

function BranchList() {
  const { t } = useTranslation();
  const branches = useLoad((signal) => api<MyBranchList>('/api/abranch', { signal }).then((r) => r.data), []);
  const achievements = useLoad((signal) => api<MyAchievements>('/api/achievement', { signal }).then((r) => r.data), []);
  if (branches.error) return <ErrorState error={branches.error} retry={branches.retry} />;
  if (!branches.data) return <Loading />;
  const earned = achievements.data?.filter((a) => a.earned) ?? [];
  return (
    <section>
      <h1>{t('titles.abranch')}</h1>
      <p>{t('lifelong.intro')}</p>
      {!branches.data.length ? (
        <Empty text={t('lifelong.empty')} />
      ) : (
        <div style={grid}>
          {branches.data.map((b) => (
            <article key={b.id} className="card" data-testid={`branch-${b.id}`}>
              {b.image && <img src={apiUrl(b.image)} alt="" style={{ width: '100%', maxHeight: 140, objectFit: 'cover', borderRadius: 8 }} />}
              <h2 style={{ marginTop: 8 }}>
                <Link to={`/abranch/${b.id}`}>{titleOf(b)}</Link>
              </h2>
              {b.description && <p>{b.description}</p>}
              <Progress percent={b.percent} label={t('lifelong.progress', { p: formatNumber(b.percent) })} />
              <small>
                {t('lifelong.modules', { done: b.modules_done, total: b.modules_total })} · {t('lifelong.programs', { done: b.programs_done, total: b.programs_total })} ·{' '}
                {t('lifelong.achievements_count', { done: b.achievements_earned, total: b.achievements_total })}
              </small>
            </article>
          ))}
        </div>
      )}
      <h2 style={{ marginTop: 24 }}>{t('lifelong.my_achievements')}</h2>
      {achievements.error ? (
        <ErrorState error={achievements.error} retry={achievements.retry} />
      ) : !achievements.data ? (
        <Loading />
      ) : !earned.length ? (
        <Empty text={t('lifelong.none_earned')} />
      ) : (
        <div style={grid}>
          {earned.map((a) => (
            <AchievementCard key={a.id} a={a} />
          ))}
        </div>
      )}
    </section>
  );
}

function BranchPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: b, error, retry } = useLoad((signal) => api<MyBranchAnswer>(`/api/abranch/${id}`, { signal }).then((r) => r.data), [id]);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!b) return <Loading />;
  const programs = b.programs;
  const achievements = b.achievements;
  return (
    <section>
      <Link to="/abranch/list">← {t('titles.abranch')}</Link>
      <h1>{titleOf(b)}</h1>
      {b.description && <p>{b.description}</p>}
      <Progress percent={b.percent} label={t('lifelong.progress', { p: formatNumber(b.percent) })} />
      <small>{t('lifelong.modules', { done: b.modules_done, total: b.modules_total })}</small>

      <h2 style={{ marginTop: 20 }}>{t('lifelong.path')}</h2>
      {!programs.length ? (
        <Empty text={t('lifelong.no_programs')} />
      ) : (
        // the branch as a path: each program a stop, its modules the steps, done ones filled
        <ol style={{ listStyle: 'none', padding: 0, margin: 0, borderLeft: '3px solid var(--border)', marginLeft: 12 }} aria-label={t('lifelong.path')}>
          {programs.map((p, i) => (
            <li key={p.id} style={{ position: 'relative', padding: '0 0 20px 24px' }} data-testid={`aprogram-${p.id}`}>
              <span
                aria-hidden
                style={{
                  position: 'absolute',
                  left: -14,
                  top: 0,
                  width: 24,
                  height: 24,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 12,
                  fontWeight: 700,
                  color: '#fff',
                  background: p.done ? 'var(--success)' : 'var(--primary)',
                }}
              >
                {p.done ? '✓' : i + 1}
              </span>
              <div className="card">
                <h3 style={{ margin: 0 }}>
                  {titleOf(p)} {p.done && <span className="badge ok">{t('lifelong.done')}</span>}
                </h3>
                {p.description && <p>{p.description}</p>}
                <small>{t('lifelong.modules', { done: p.modules_done, total: p.modules_total })}</small>
                {!p.modules.length ? (
                  <p>{t('lifelong.no_modules')}</p>
                ) : (
                  <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
                    {p.modules.map((m) => (
                      <li key={m.id} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '4px 0', flexWrap: 'wrap' }} data-testid={`amodule-${m.id}`}>
                        <span aria-hidden style={{ color: m.done ? 'var(--success)' : 'var(--muted, #888)' }}>
                          {m.done ? '●' : '○'}
                        </span>
                        <span className="badge">{t(`lifelong.kinds.${m.kind}`)}</span>
                        {m.link ? <Link to={m.link}>{titleOf(m)}</Link> : <span>{titleOf(m)}</span>}
                        <span className={m.done ? 'badge ok' : 'badge'}>{m.done ? t('lifelong.done') : t('lifelong.todo')}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}

      <h2>{t('lifelong.achievements')}</h2>
      {!achievements.length ? (
        <Empty text={t('lifelong.no_achievements')} />
      ) : (
        <div style={grid}>
          {achievements.map((a) => (
            <AchievementCard key={a.id} a={a} />
          ))}
        </div>
      )}
    </section>
  );
}

function missingText(t: (k: string, o?: Record<string, unknown>) => string, m: MissingStep) {
  if (m.kind === 'quiz') return t('lifelong.missing.quiz', { title: m.title, p: m.need ?? 0 });
  if (m.kind === 'programs') return t('lifelong.missing.programs', { n: m.need ?? 0 });
  return t(`lifelong.missing.${m.kind}`, { title: m.title });
}

/** A badge: earned (when, why, the credential to download and its public page) or still to earn (what is missing). */
function AchievementCard({ a }: { a: MyAchievement }) {
  const { t } = useTranslation();
  const [error, setError] = useState<ApiError>();
  return (
    <article className="card" data-testid={`achievement-${a.id}`} style={{ display: 'flex', gap: 12, opacity: a.earned ? 1 : 0.85 }}>
      <div
        aria-hidden
        style={{
          flex: '0 0 56px',
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontSize: 28,
          background: a.earned ? '#ffe8a3' : 'var(--border)',
          filter: a.earned ? undefined : 'grayscale(1)',
          overflow: 'hidden',
        }}
      >
        {a.image ? <img src={apiUrl(a.image)} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : '🏅'}
      </div>
      <div style={{ minWidth: 0 }}>
        <h3 style={{ margin: 0 }}>{titleOf(a)}</h3>
        {a.description && <p style={{ margin: '4px 0' }}>{a.description}</p>}
        {a.earned ? (
          <>
            <span className="badge ok" data-testid="achievement-earned">
              {t('lifelong.earned_on', { date: toDisplayDate(a.awarded_at?.slice(0, 10)) })}
            </span>
            {a.reason && (
              <p style={{ margin: '4px 0' }}>
                <small>{a.reason}</small>
              </p>
            )}
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 6 }}>
              <button className="btn" data-testid="credential-download" onClick={() => download(`/api/achievement/${a.id}/credential`).then(() => setError(undefined), setError)}>
                {t('lifelong.download')}
              </button>
              {a.credential_id && (
                <Link className="btn secondary" to={`/credential/${a.credential_id}`} data-testid="credential-page">
                  {t('lifelong.public_page')}
                </Link>
              )}
            </div>
            {error && (
              <p role="alert" className="alert error">
                {t('lifelong.download_error')}
              </p>
            )}
          </>
        ) : (
          <>
            <span className="badge">{t('lifelong.to_earn')}</span>
            {a.rule === 'manual' ? (
              <p style={{ margin: '4px 0' }}>
                <small>{t('lifelong.manual')}</small>
              </p>
            ) : (
              <ul style={{ margin: '4px 0', paddingLeft: 18 }} aria-label={t('lifelong.missing_title')}>
                {a.missing.map((m, i) => (
                  <li key={i}>
                    <small>{missingText(t, m)}</small>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </article>
  );
}

/** `/credential/:id`, public (no sign-in): who earned what, when, from which school, and whether it still holds. */
export function CredentialPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const { data: c, error, retry } = useLoad((signal) => (valid ? api<CredentialAnswer>(`/api/credential/${id}`, { signal }).then((r) => r.data) : Promise.resolve(null)), [id]);
  if (!valid || c === null) return <NotFound />;
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!c) return <Loading />;
  return (
    <article className="card" data-testid="credential" style={{ maxWidth: 640, width: '100%' }}>
      <p>
        {c.status === 'valid' ? (
          <span className="badge ok" data-testid="credential-status">
            {t('lifelong.valid')}
          </span>
        ) : (
          <span className="badge overdue" data-testid="credential-status">
            {c.revoked_at ? t('lifelong.revoked', { date: toDisplayDate(c.revoked_at.slice(0, 10)) }) : t('lifelong.revoked_undated')}
          </span>
        )}
      </p>
      <h1 style={{ marginTop: 0 }}>{titleOf(c.achievement)}</h1>
      {c.achievement.description && <p>{c.achievement.description}</p>}
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px' }}>
        <dt>{t('lifelong.holder')}</dt>
        <dd style={{ margin: 0 }} data-testid="credential-holder">
          {c.student}
        </dd>
        <dt>{t('lifelong.school')}</dt>
        <dd style={{ margin: 0 }}>{c.school}</dd>
        {c.awarded_at && (
          <>
            <dt>{t('lifelong.awarded')}</dt>
            <dd style={{ margin: 0 }}>{toDisplayDate(c.awarded_at.slice(0, 10))}</dd>
          </>
        )}
        <dt>{t('lifelong.why')}</dt>
        <dd style={{ margin: 0 }}>{c.reason}</dd>
      </dl>
      <p>
        <small>{t('lifelong.how_to_verify')}</small>
      </p>
      {c.credential && (
        <details>
          <summary>{t('lifelong.signed')}</summary>
          <textarea readOnly value={c.credential} rows={6} style={{ width: '100%', fontFamily: 'monospace', fontSize: 12 }} aria-label={t('lifelong.signed')} />
        </details>
      )}
    </article>
  );
}
