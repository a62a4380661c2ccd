import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The list searches (`q=`): a case-insensitive "contains" whose `%`, `_` and `\` are the user's characters, not
 * wildcards. On PostgreSQL the trigram indexes of the searched columns serve these patterns.
 */
export function containsPattern(q: string): string {
  return `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/** `q` found in any of the columns; undefined (no condition) for an empty search. */
export function containsAny(q: string | undefined | null, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((c) => ilike(c, pattern)));
}
