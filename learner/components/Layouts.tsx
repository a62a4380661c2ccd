import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, Link, useLocation } from 'react-router-dom';
import { isDemo, leaveDemo, logout } from '../../common/auth/session.ts';
import { apiBaseUrl } from '../../common/tenant/tenant.ts';
import { schoolFace } from '../../common/i18n/school-languages.ts';
import { accessAtom, profileAtom, toastsAtom } from '../state.ts';
import { navItems } from '../routes.ts';
import { Switches } from './Switches.tsx';
import { useLoad } from './ui.tsx';
import { useSocialLinks } from './school.ts';
import { BusyBanner } from './BusyBanner.tsx';

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <strong>{t.title}</strong>
          {t.text && <div>{t.text}</div>}
        </div>
      ))}
    </div>
  );
}

export function DemoBar() {
  const { t } = useTranslation();
  const profile = useAtomValue(profileAtom);
  if (!isDemo()) return null;
  return (
    <div className="demo-bar" data-testid="demo-bar">
      <span>{t('demo.bar', { name: `${profile?.name ?? ''} ${profile?.surname ?? ''}`.trim() || profile?.login })}</span>
      <button className="btn" onClick={() => leaveDemo('/admin/users')}>
        {t('demo.leave')}
      </button>
    </div>
  );
}

/** The school's logo (settings, /api/logo) when it has one, else the product name. */
function Brand() {
  const { t } = useTranslation();
  // no logo (or no answer) shows the product name
  // the same answer as the language switch's (one GET /api/logo a page load)
  const { data: logo } = useLoad(() => schoolFace(), []);
  return (
    <Link to="/" className="brand">
      {logo?.url ? <img src={`${apiBaseUrl()}${logo.url}`} alt={logo.title} data-testid="school-logo" style={{ maxHeight: 36, verticalAlign: 'middle' }} /> : t('product')}
    </Link>
  );
}

/** Order and names of the social links (the back office's settings, server SOCIAL_KEYS). */
const SOCIAL = ['site', 'vk', 'telegram', 'whatsapp', 'youtube', 'linkedin', 'facebook', 'instagram'];

/** The school's social links (`GET /api/social/link`) at the foot of every portal page; nothing when it has none. */
export function SocialFooter() {
  const { t } = useTranslation();
  const links = useSocialLinks();
  const shown = SOCIAL.filter((k) => links[k]);
  if (!shown.length) return null;
  return (
    <footer className="footer" data-testid="social-links" style={{ borderTop: '1px solid var(--border)', background: 'var(--surface)', padding: '8px 16px' }}>
      <nav aria-label={t('school.social')} style={{ maxWidth: 1100, margin: '0 auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0 12px' }}>
        <span style={{ color: 'var(--muted)' }}>{t('school.social')}:</span>
        {shown.map((k) => (
          <a key={k} href={links[k]} target="_blank" rel="noopener noreferrer" data-testid={`social-${k}`} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
            {t(`school.links.${k}`)}
          </a>
        ))}
      </nav>
    </footer>
  );
}

/**
 * The portal's default layout: header with switches, role-aware navigation hiding sections whose flag is off. On a
 * phone (≤ 720 px, learner/styles.css) the header is one row, brand and a menu button; the button opens the
 * navigation with the switches, the user and sign-out (aria-expanded; Escape or a page change closes it).
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const profile = useAtomValue(profileAtom);
  const flags = useAtomValue(accessAtom);
  const role = profile?.roles[0];
  const items = navItems.filter((i) => (!i.roles || (role && i.roles.includes(role))) && (!i.flag || flags[i.flag]));
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <DemoBar />
      <BusyBanner />
      <header className={`header${open ? ' open' : ''}`}>
        <Brand />
        <button ref={button} type="button" className="btn ghost menu-btn" aria-expanded={open} aria-controls="site-menu" data-testid="menu-button" onClick={() => setOpen((o) => !o)}>
          <span aria-hidden="true">☰</span> {t('nav.menu')}
        </button>
        <div className="header-tools" id="site-tools">
          {role && role !== 'student' && <a href="/admin/">{t('nav.admin')}</a>}
          <Switches />
          <span data-testid="user-name">{profile ? `${profile.name} ${profile.surname}` : ''}</span>
          <button className="btn ghost" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      </header>
      <nav className={`nav${open ? ' open' : ''}`} id="site-menu" aria-label={t('nav.menu')}>
        {items.map((i) => (
          <NavLink key={i.to} to={i.to}>
            {t(i.label)}
          </NavLink>
        ))}
      </nav>
      <main className="main">
        <Outlet />
      </main>
      <SocialFooter />
      <Toasts />
    </>
  );
}

export function AuthLayout() {
  return (
    <div className="auth-wrap">
      <BusyBanner />
      <div className="card">
        <div className="auth-tools">
          <Switches />
        </div>
        <Outlet />
      </div>
      <Toasts />
    </div>
  );
}
