import type { AuthProvider } from 'react-admin';
import { ApiError } from '../../common/api/client.ts';
import { fetchProfile, getToken, logout, type Profile, type Role } from '../../common/auth/session.ts';
import { endSessionIfSuspended, isSchoolSuspended, watchSuspension } from '../../common/auth/suspended.ts';
import type { Action, ResourceConfig } from '../framework/types.ts';
import { fetchAccessFlags, onAccessChanged, type AccessFlags } from '../../common/access/flags.ts';
import { landingResource } from './early-list.ts';

const STAFF: Role[] = ['superadmin', 'admin', 'moderator', 'trainer'];

/**
 * Sign-in happens in the portal (`/auth`, same origin and token); the back office reads the token,
 * sends a student to the portal and anybody without a session to `/auth`. Access per resource and
 * action comes from the resource configurations; the server enforces the same roles.
 */
export function createAuthProvider(resources: ResourceConfig[]): AuthProvider {
  let profile: Promise<Profile> | undefined;
  const load = () =>
    (profile ??= fetchProfile().catch((e) => {
      profile = undefined;
      throw e;
    }));
  // While the browser leaves for the portal, react-admin's follow-up logout must not clear the session.
  let leaving = false;
  const leave = (to: string) => {
    leaving = true;
    window.location.assign(to);
    return Promise.reject({ message: false, redirectTo: false });
  };
  const byName = new Map(resources.map((r) => [r.name, r]));
  /** The school's sections, read once per page load and again after the settings screen changes them. */
  let flags: Promise<AccessFlags> | undefined;
  onAccessChanged(() => {
    flags = undefined;
  });
  // a suspended school's refusal of any call, react-admin's or not, ends the session (common/auth/suspended.ts)
  watchSuspension();

  return {
    /**
     * Starts reading the profile and the school's sections as soon as the back office's code is in (admin/boot.tsx),
     * before react-admin's first render asks for the profile in `checkAuth`, and the sections beside it rather than
     * after it (the landing waits for every menu entry's access check, optional sections' included); a failure is
     * left to `checkAuth`, which asks again.
     */
    prefetch() {
      if (!getToken()) return;
      flags ??= fetchAccessFlags();
      load().catch(() => undefined);
    },
    login: () => leave('/auth'),
    async logout() {
      if (!leaving && getToken()) await logout('/auth');
      return false as never;
    },
    async checkAuth() {
      if (!getToken()) return leave('/auth');
      try {
        const p = await load();
        if (!STAFF.includes(p.roles[0])) return leave('/courses/list');
      } catch (err) {
        // The server refused the session: sign out (a suspended school: with its reason, shown at sign-in). A cut
        // connection (status 0) keeps it.
        if (isSchoolSuspended(err)) endSessionIfSuspended(err);
        else if (err instanceof ApiError && err.status > 0) await logout('/auth');
        return Promise.reject({ message: false, redirectTo: false });
      }
    },
    async checkError(error: { status?: number; body?: { name?: string } }) {
      // a suspended school: the session ends with its reason and the sign-in page says why (no notification here)
      if (isSchoolSuspended(error)) {
        endSessionIfSuspended(error); // unless the shared client's watcher has already
        throw { message: false, redirectTo: false };
      }
      if (error?.status === 401) {
        await logout('/auth');
        throw { message: false, redirectTo: false };
      }
    },
    async getIdentity() {
      const p = await load();
      return { id: p.id, fullName: `${p.name} ${p.surname}`.trim() || p.login, avatar: p.avatar ?? undefined, role: p.roles[0] };
    },
    async getPermissions() {
      return (await load()).roles[0];
    },
    async canAccess({ resource, action }) {
      const cfg = byName.get(resource);
      if (!cfg) return false;
      const role = (await load()).roles[0];
      const allowed = cfg.roles[action as Action] ?? cfg.roles.list;
      if (!allowed.includes(role)) return false;
      // a resource of an optional section is hidden while the school has it switched off
      return cfg.flag ? (await (flags ??= fetchAccessFlags()))[cfg.flag] : true;
    },
    /** The resource react-admin lands this session on, by the rule of `canAccess` (admin/providers/early-list.ts). */
    async landing(): Promise<ResourceConfig | undefined> {
      const role = (await load()).roles[0];
      const sections = await (flags ??= fetchAccessFlags());
      return landingResource(resources, (cfg) => cfg.roles.list.includes(role) && (!cfg.flag || sections[cfg.flag]));
    },
  };
}
