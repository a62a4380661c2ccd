import { api } from '../api/client.ts';
import { LANGS, type Lang } from './lang.ts';
import type { SchoolFaceAnswer } from '../api/types/school.ts';

/**
 * The interface languages the school offers (`GET /api/logo` answers them, the default first; docs/operations.md),
 * asked once per page load. Only languages the apps have are kept; any other answer (none, a failed call) offers
 * every language of the apps, so that a switch is never left empty.
 */
/** The school's face as `GET /api/logo` answers it: its logo, title and languages (server/modules/settings). */
export type SchoolFace = SchoolFaceAnswer['data'];

let face: Promise<SchoolFace | undefined> | undefined;
/** `GET /api/logo`, asked once per page load for the logo and the language switch together; undefined when it failed. */
export function schoolFace(): Promise<SchoolFace | undefined> {
  face ??= api<SchoolFaceAnswer>('/api/logo').then(
    (r) => r.data,
    () => {
      face = undefined; // asked again next time
      return undefined;
    },
  );
  return face;
}

export async function schoolLanguages(): Promise<Lang[]> {
  const languages = (await schoolFace())?.languages;
  const offered = Array.isArray(languages) ? LANGS.filter((l) => languages.includes(l)) : [];
  // the school's order (its default first)
  offered.sort((a, b) => (languages as unknown[]).indexOf(a) - (languages as unknown[]).indexOf(b));
  return offered.length ? offered : LANGS;
}

/** The options of a language switch: the school's languages, and the one in use when the school does not offer it. */
export const switchLanguages = (offered: Lang[], current: Lang): Lang[] => (offered.includes(current) ? offered : [...offered, current]);

/** The next `schoolLanguages()` asks the API again (the school's languages changed; tests). */
export function forgetSchoolLanguages() {
  face = undefined;
}
