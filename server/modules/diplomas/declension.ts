import petrovich from 'petrovich';

export type Sex = 'male' | 'female';

export interface NameParts {
  surname: string;
  name: string;
  patronymic?: string | null;
  /** Else told by the patronymic (-вич / -вна), else the name cannot be declined. */
  sex?: Sex | null;
}

export interface Declined {
  nominative: string;
  genitive: string;
  dative: string;
  /** False when the library could not decline the name: the forms are the typed ones (or the nominative). */
  declined: boolean;
}

const CYRILLIC = /^[\p{Script=Cyrillic}\s'-]+$/u;
const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(' ');

/** «Иванов Иван Иванович» → surname, name, patronymic (a fourth word stays with the patronymic: «Оглы»). */
export function splitName(full: string): NameParts {
  const [surname = '', name = '', ...rest] = full.trim().split(/\s+/);
  return { surname, name, patronymic: rest.join(' ') || null };
}

/**
 * The genitive and dative of a Russian full name by petrovich (github.com/petrovich/petrovich-js). A name it cannot
 * decline (not Cyrillic, or of a sex that neither `sex` nor the patronymic tells) keeps the typed forms, else the
 * nominative: the admin edits them before issuing.
 */
export function declineName(p: NameParts, typed: { genitive?: string | null; dative?: string | null } = {}): Declined {
  const nominative = join(p.surname, p.name, p.patronymic);
  const fallback = { nominative, genitive: typed.genitive?.trim() || nominative, dative: typed.dative?.trim() || nominative, declined: false };
  if (!nominative || !CYRILLIC.test(nominative)) return fallback;
  const gender = p.sex ?? (p.patronymic ? petrovich.detect_gender(p.patronymic) : undefined);
  if (gender !== 'male' && gender !== 'female') return fallback;
  try {
    const person = { gender, first: p.name || undefined, middle: p.patronymic || undefined, last: p.surname || undefined };
    const g = petrovich({ ...person }, 'genitive');
    const d = petrovich({ ...person }, 'dative');
    return { nominative, genitive: join(g.last, g.first, g.middle), dative: join(d.last, d.first, d.middle), declined: true };
  } catch {
    return fallback;
  }
}
