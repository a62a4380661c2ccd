import { api } from '../api/client.ts';
import { LANGS, type Lang } from './lang.ts';

/**
 * The interface languages the school offers (`GET /api/logo` answers them, the default first; docs/operations.md),
 * asked once per page load. Only languages the apps have are kept; any other answer (none, a failed call) offers
 * every language of the apps, so that a switch is never left empty.
 */
let asked: Promise<Lang[]> | undefined;
export function schoolLanguages(): Promise<Lang[]> {
  asked ??= api<{ data: { languages?: unknown } }>('/api/logo').then(
    (r) => {
      const offered = Array.isArray(r.data.languages) ? LANGS.filter((l) => (r.data.languages as unknown[]).includes(l)) : [];
      // the school's order (its default first)
      offered.sort((a, b) => (r.data.languages as unknown[]).indexOf(a) - (r.data.languages as unknown[]).indexOf(b));
      return offered.length ? offered : LANGS;
    },
    () => {
      asked = undefined; // asked again next time
      return LANGS;
    },
  );
  return asked;
}

/** The options of a language switch: the school's languages, and the one in use when the school does not offer it. */
export const switchLanguages = (offered: Lang[], current: Lang): Lang[] => (offered.includes(current) ? offered : [...offered, current]);

/** The next `schoolLanguages()` asks the API again (the school's languages changed; tests). */
export function forgetSchoolLanguages() {
  asked = undefined;
}
