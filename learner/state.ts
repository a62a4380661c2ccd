import { atom } from 'jotai';
import type { Profile } from '../common/auth/session.ts';
import type { UnreadRequired } from '../common/api/types/news.ts';
import { ALL_OFF, type AccessFlags } from '../common/access/flags.ts';

/** The signed-in user's profile; undefined until fetched, null when nobody is signed in. */
export const profileAtom = atom<Profile | null | undefined>(undefined);
export const accessAtom = atom<AccessFlags>(ALL_OFF);
/** Set when a call answers 404: the page shows the not-found screen until the route changes. */
export const notFoundAtom = atom(false);

export interface Toast {
  id: number;
  title: string;
  text?: string;
  kind: 'error' | 'success';
}
export const toastsAtom = atom<Toast[]>([]);

/** Required news the user has not read: put in front of everything else until read. */
export const requiredNewsAtom = atom<UnreadRequired['data'] | undefined>(undefined);
