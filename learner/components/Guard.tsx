import { useEffect, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken, homeFor, type Role } from '../../common/auth/session.ts';
import { accessAtom, notFoundAtom, profileAtom, requiredNewsAtom } from '../state.ts';
import type { AccessFlag } from '../types.ts';
import { Loading } from './ui.tsx';
import { NotFound } from './NotFound.tsx';

/** Full-page navigations to the back office (replaceable in tests: jsdom cannot navigate). */
export const browser = { assign: (to: string) => window.location.assign(to) };

/** Sends the browser to a back-office address (another app on the same origin) or navigates inside the portal. */
function GoHome({ role }: { role?: Role }) {
  const to = homeFor(role);
  const isAdmin = to.startsWith('/admin');
  useEffect(() => {
    if (isAdmin) browser.assign(to);
  }, [isAdmin, to]);
  return isAdmin ? <Loading /> : <Navigate to={to} replace />;
}

/**
 * The route guard of the specification: private routes need a user (else /auth); a user whose role
 * is not allowed is redirected by first role; a section whose flag is off is not found; a 404 answer
 * from any call shows the not-found screen.
 */
export function Private({ roles, flag, children }: { roles?: Role[]; flag?: AccessFlag; children: ReactNode }) {
  const profile = useAtomValue(profileAtom);
  const flags = useAtomValue(accessAtom);
  const notFound = useAtomValue(notFoundAtom);
  const requiredNews = useAtomValue(requiredNewsAtom);
  const location = useLocation();
  if (!getToken() || profile === null) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  if (profile === undefined) return <Loading />;
  const role = profile.roles[0];
  if (roles && !roles.includes(role)) return <GoHome role={role} />;
  if (flag && !flags[flag]) return <NotFound />;
  // Required news comes before anything else until it is read; until the answer is in (Boot asks it for every role but
  // the moderator), no page is shown, so that a page the news replaces is neither shown nor downloaded.
  if (requiredNews === undefined && role !== 'moderator') return <Loading />;
  if (requiredNews?.length && !location.pathname.startsWith('/news/')) return <Navigate to={`/news/${requiredNews[0].id}`} replace />;
  if (notFound) return <NotFound />;
  return <>{children}</>;
}

/** Sign-in and reset pages: a signed-in user goes to /courses/list (and from there by role). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const profile = useAtomValue(profileAtom);
  if (getToken() && profile) return <Navigate to="/courses/list" replace />;
  return <>{children}</>;
}
