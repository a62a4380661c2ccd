import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { fetchAccessFlags } from '../common/access/flags.ts';
import type { ApiError } from '../common/api/client.ts';
import { fetchProfile, getToken, isDemo, logout } from '../common/auth/session.ts';
import { endSessionIfSuspended, isSchoolSuspended, watchSuspension } from '../common/auth/suspended.ts';
import { onApiError } from '../common/api/events.ts';
import { accessAtom, notFoundAtom, profileAtom, requiredNewsAtom } from './state.ts';
import { api } from '../common/api/client.ts';
import type { UnreadRequired } from '../common/api/types/news.ts';
import { privateRoutes } from './routes.ts';
import { type TextSubject, loadPageTexts, loadSubjectTexts } from './i18n.ts';
import { AuthLayout, DefaultLayout } from './components/Layouts.tsx';
import { Private, PublicOnly } from './components/Guard.tsx';
import { NotFound } from './components/NotFound.tsx';
import { Loading, useTitle } from './components/ui.tsx';
// the sign-in page is in the entry: every visitor without a session sees it first, and a chunk of its own delayed its
// first paint by a round trip (Lighthouse: most of the page's largest-paint time)
import Login from './pages/Login.tsx';

/** Chunk loading gives up after 120 s (specification, section 9). */
const CHUNK_TIMEOUT_MS = 120_000;
/**
 * A page's chunk; with `texts`, the page texts past the first screens come with it (`loadPageTexts`, learner/i18n.ts),
 * and the texts of the subjects it names (`loadSubjectTexts`: the quiz's, the networking's, the marketplace's).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, texts = true, subjects: TextSubject[] = []) {
  const both = () => Promise.all([load(), ...(texts ? [loadPageTexts()] : []), ...subjects.map(loadSubjectTexts)]).then(([page]) => page);
  return lazy(() => Promise.race([both(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('chunk timeout')), CHUNK_TIMEOUT_MS))]));
}
/** The first screens' pages: their texts are in the entry's catalogue. */
const firstScreen = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, false);
/**
 * The news pages and the welcome: a student's first landing (the required news, the welcome over it) brings only its own
 * texts, which the build puts in the news page's chunk (locales/news.ts), not the other pages' texts.
 */
const newsPage = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, false, ['news']);

const pages: Record<string, ComponentType> = {
  profile: lazyPage(() => import('./pages/Profile.tsx')),
  courses: firstScreen(() => import('./pages/Courses.tsx')),
  courses_done: firstScreen(() => import('./pages/Courses.tsx')),
  course: lazyPage(() => import('./pages/Course.tsx'), true, ['quiz', 'course']),
  content: lazyPage(() => import('./pages/Content.tsx'), true, ['records']),
  quiz: lazyPage(() => import('./pages/Quiz.tsx'), true, ['quiz', 'course']),
  news: newsPage(() => import('./pages/News.tsx')),
  news_item: newsPage(() => import('./pages/News.tsx')),
  curator_news: newsPage(() => import('./pages/News.tsx').then((m) => ({ default: m.CuratorNews }))),
  networking: lazyPage(() => import('./pages/networking/index.ts'), true, ['networking']),
  networking_member: lazyPage(() => import('./pages/networking/index.ts').then((m) => ({ default: m.NetworkingMember })), true, ['networking']),
  networking_curator: lazyPage(() => import('./pages/networking/index.ts').then((m) => ({ default: m.NetworkingCurator })), true, ['networking']),
  networking_curator_member: lazyPage(() => import('./pages/networking/index.ts').then((m) => ({ default: m.CuratorMember })), true, ['networking']),
  documents: lazyPage(() => import('./pages/Documents.tsx'), true, ['records']),
  upload: lazyPage(() => import('./pages/Documents.tsx'), true, ['records']),
  score: lazyPage(() => import('./pages/Score.tsx'), true, ['records']),
  calendar: lazyPage(() => import('./pages/Calendar.tsx'), true, ['calendar']),
  payment: lazyPage(() => import('./pages/Payment.tsx'), true, ['records']),
  abranch: lazyPage(() => import('./pages/Lifelong.tsx'), true, ['lifelong']),
  marketplace: lazyPage(() => import('./pages/marketplace/index.ts'), true, ['market']),
  marketplace_item: lazyPage(() => import('./pages/marketplace/index.ts').then((m) => ({ default: m.MarketplaceItem })), true, ['market']),
  marketplace_demo: lazyPage(() => import('./pages/marketplace/index.ts').then((m) => ({ default: m.MarketplaceDemo })), true, ['market']),
  my_lms: lazyPage(() => import('./pages/marketplace/index.ts').then((m) => ({ default: m.MyLms })), true, ['market']),
  marketplace_found_cheaper: lazyPage(() => import('./pages/FoundCheaper.tsx'), true, ['market']),
};
const Section = firstScreen(() => import('./pages/Section.tsx'));
const ResetPassword = firstScreen(() => import('./pages/ResetPassword.tsx'));
const Credential = lazyPage(() => import('./pages/Lifelong.tsx').then((m) => ({ default: m.CredentialPage })), true, ['lifelong']);
const MarketHandoff = lazyPage(() => import('./pages/marketplace/index.ts').then((m) => ({ default: m.Handoff })), true, ['market']);

// the first-visit welcome: its chunk (the news page's, with its texts) only for a user who has not seen it
const WelcomeDialog = newsPage(() => import('./pages/Welcome.tsx').then((m) => ({ default: m.Welcome })));
function Welcome() {
  const profile = useAtomValue(profileAtom);
  if (!profile || profile.is_start || isDemo()) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog />
    </Suspense>
  );
}

function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  useTitle(title);
  return <>{children}</>;
}

/** Loads the access flags (10 s at most) and the profile once; resets the not-found flag on navigation. */
export function Boot() {
  const [profile, setProfile] = useAtom(profileAtom);
  const setAccess = useSetAtom(accessAtom);
  const setNotFound = useSetAtom(notFoundAtom);
  const location = useLocation();
  // a suspended school's refusal of any call ends the session and shows the sign-in page with it (common/auth/suspended.ts)
  useEffect(() => watchSuspension(), []);
  useEffect(() => setNotFound(false), [location.pathname, setNotFound]);
  useEffect(() => {
    void fetchAccessFlags().then(setAccess);
  }, [setAccess]);
  useEffect(() => {
    if (profile !== undefined) return;
    if (!getToken()) {
      setProfile(null);
      return;
    }
    // A profile fetch the server refuses signs the user out (a suspended school's refusal: with its reason); a cut
    // connection (status 0) does not.
    fetchProfile().then(setProfile, (err: ApiError) => {
      // a suspended school's refusal ends the session with its reason, unless the watcher already has
      if (isSchoolSuspended(err)) endSessionIfSuspended(err);
      else if (err.status > 0) void logout();
    });
  }, [profile, setProfile]);
  useEffect(() => onApiError((err) => err.status === 404 && setNotFound(true)), [setNotFound]);
  const setRequired = useSetAtom(requiredNewsAtom);
  // Asked once per signed-in user, not again each time the profile changes (the welcome marked seen, a new avatar): an
  // answer asked before the student confirmed a required item and arriving after it would put the item back and keep
  // the student on it.
  const userId = profile?.id;
  const role = profile?.roles[0];
  useEffect(() => {
    if (userId === undefined || role === 'moderator') return;
    let current = true;
    api<UnreadRequired>('/api/news/unread/required').then(
      (r) => current && setRequired(r.data),
      () => current && setRequired([]),
    );
    return () => {
      current = false;
    };
  }, [userId, role, setRequired]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <Boot />
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route element={<AuthLayout />}>
            <Route
              path="/auth"
              element={
                <PublicOnly>
                  <Titled title="titles.auth">
                    <Login />
                  </Titled>
                </PublicOnly>
              }
            />
            <Route
              path="/reset_password/:token"
              element={
                <PublicOnly>
                  <Titled title="titles.reset">
                    <ResetPassword />
                  </Titled>
                </PublicOnly>
              }
            />
            {/* public, signed in or not: an employer checks a graduate's credential (docs/lifelong-learning.md) */}
            <Route
              path="/credential/:id"
              element={
                <Titled title="titles.credential">
                  <Credential />
                </Titled>
              }
            />
            {/* on the selling school's domain, signed in or not: a buyer arrives from their own school (docs/marketplace.md) */}
            <Route
              path="/marketplace/handoff"
              element={
                <Titled title="titles.market_handoff">
                  <MarketHandoff />
                </Titled>
              }
            />
          </Route>
          <Route element={<DefaultLayout />}>
            <Route path="/" element={<Navigate to="/courses/list" replace />} />
            {privateRoutes.map((r) => {
              const Page = pages[r.page] ?? Section;
              return (
                <Route
                  key={r.path}
                  path={r.path}
                  element={
                    <Private roles={r.roles} flag={r.flag}>
                      <Titled title={r.title}>
                        <Page />
                        <Welcome />
                      </Titled>
                    </Private>
                  }
                />
              );
            })}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
