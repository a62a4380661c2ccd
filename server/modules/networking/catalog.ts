import { safeLink } from '../../core/html.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { marketPurchases, programTrainers } from '../../db/schema/index.ts';
import { enrolledProgramIds } from '../programs/index.ts';
import { publishedPrograms } from '../marketplace/index.ts';

/** Programs looked up for one catalog tab at most (a member with more shows the first ones). */
export const CATALOG_LIMIT = 50;

export interface CatalogEntry {
  /** The program's id in its selling school (the marketplace's id: `/marketplace/{id}`). */
  id: number;
  title: string;
  title_en: string | null;
  short_description: string | null;
  logo: string | null;
  /** The selling school. */
  school: { slug: string; title: string };
  /** `teaches`: a trainer of the program; `studies`: enrolled (directly, through a group, or bought on the marketplace). */
  role: 'teaches' | 'studies';
}

/**
 * The catalog tab of a member page (docs/networking.md): the programs the member teaches or studies that are on the
 * marketplace. `db` is the member's school's bound handle (`req.db` for the own school, `app.schoolDb(id)` for a
 * `global` member once globalMembers said the member is seen). The member's programs are those they teach
 * (`program_trainers`), study (`enrolledProgramIds`: directly or through a group) or bought from another school
 * (`market_purchases`); the marketplace's public face (`publishedPrograms`) says which of them are published, and
 * only those leave, with the shop window's fields. An unpublished program of the member's is never named.
 */
export async function memberCatalog(app: FastifyInstance, db: Db, memberId: number): Promise<CatalogEntry[]> {
  const [studies, teaches, bought] = await Promise.all([
    enrolledProgramIds(db, memberId),
    db.select({ id: programTrainers.program_id }).from(programTrainers).where(eq(programTrainers.user_id, memberId)),
    db.select({ id: marketPurchases.program_id }).from(marketPurchases).where(eq(marketPurchases.user_id, memberId)),
  ]);
  const roles = new Map<number, CatalogEntry['role']>();
  for (const r of teaches) roles.set(r.id, 'teaches');
  for (const id of [...studies, ...bought.map((b) => b.id)]) if (!roles.has(id)) roles.set(id, 'studies');
  const ids = [...roles.keys()].slice(0, CATALOG_LIMIT);
  const found = await Promise.all(ids.map((id) => publishedPrograms(app, { id, per_page: 1 })));
  return found
    .flatMap((f) => f.data)
    .map((p) => ({ id: p.id, title: p.title, title_en: p.title_en, short_description: p.short_description, logo: safeLink(p.logo), school: p.school, role: roles.get(p.id)! }))
    .sort((a, b) => (a.role === b.role ? a.title.localeCompare(b.title) : a.role === 'teaches' ? -1 : 1));
}
