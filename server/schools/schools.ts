import { rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bindToSchool } from '../db/school.ts';
import { ACCESS_FLAGS, type AccessFlag } from '../../common/access/roles.ts';
import { tenantAccess, tenants, users } from '../db/schema/index.ts';
import { hashPassword } from '../core/password.ts';
import { BROADCAST_CHANNEL } from '../core/broadcast.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { sendSchoolMail } from '../mail/mailer.ts';
import { setPasswordMail } from '../mail/texts.ts';
import { newPasswordLink } from '../modules/accounts/index.ts';
import { checkSchool, SchoolInputError, type InputProblem, type RawSchool, type SchoolInput, type SchoolLanguage } from './input.ts';

/** How long the first main administrator's set-password link lasts (then "Forgot password?" sends a new one). */
export const SET_PASSWORD_DAYS = 7;

/** A school as `list` shows it. */
export interface SchoolSummary {
  id: number;
  slug: string;
  title: string;
  languages: string[];
  sections: AccessFlag[];
  suspended_at: Date | null;
  created_at: Date;
  users: number;
}

export interface CreateOptions {
  /** DATA_DIR: the set-password mail lands in DATA_DIR/outbox/<school>/ when the school has no SMTP (a new one has none). */
  dataDir: string;
  /** The web address of a school's portal, for the link in the mail: e.g. `(slug) => https://${slug}.example.com`. */
  webOrigin: (slug: string) => string;
}

export interface CreatedSchool {
  id: number;
  slug: string;
  adminEmail: string;
  /** The .eml file written (no SMTP) or undefined when the mail went out through SMTP. */
  outbox?: string;
}

/**
 * Creates schools, all or none (`npm run school -- create`, docs/operations.md). Every school is checked first (its
 * fields, a slug given twice, a slug taken); any problem throws a SchoolInputError naming the row (with `rows`: each
 * input's row number in its CSV) and field, and nothing is written. Then one transaction writes each school: its row,
 * its sections (tenant_access), its first main administrator (role superadmin, `is_main`, no usable password) and a
 * link for them to choose one, mailed through the school's outbox. A failure anywhere rolls everything back, mail
 * files included. `db` is the unbound handle (`Database.db`).
 */
export async function createSchools(db: Db, raws: RawSchool[], opts: CreateOptions): Promise<CreatedSchool[]> {
  const problems: InputProblem[] = [];
  const schools: { school: SchoolInput; row?: number }[] = [];
  const firstRow = new Map<string, number | undefined>();
  for (const raw of raws) {
    const row = raw.row;
    const checked = checkSchool(raw);
    problems.push(...checked.problems);
    if (!checked.school) continue;
    const { slug } = checked.school;
    if (firstRow.has(slug)) problems.push({ row, field: 'slug', reason: `"${slug}" is given twice${firstRow.get(slug) ? ` (also row ${firstRow.get(slug)})` : ''}` });
    else firstRow.set(slug, row);
    schools.push({ school: checked.school, row });
  }
  if (!raws.length) problems.push({ field: 'schools', reason: 'none given' });
  if (schools.length) {
    const taken = await db
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(
        inArray(
          tenants.slug,
          schools.map((s) => s.school.slug),
        ),
      );
    const takenSet = new Set(taken.map((t) => t.slug));
    for (const s of schools) if (takenSet.has(s.school.slug)) problems.push({ row: s.row, field: 'slug', reason: `"${s.school.slug}" is taken by another school` });
  }
  if (problems.length) throw new SchoolInputError(problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)));

  // a password nobody knows, until the administrator chooses theirs through the link
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const files: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      // the shared country and city lists, when this database has never had a server start on it
      await seedReferenceData(tx as unknown as Db);
      const created: CreatedSchool[] = [];
      for (const { school, row } of schools) {
        const inserted = await tx.insert(tenants).values({ slug: school.slug, title: school.title, languages: school.languages }).onConflictDoNothing({ target: tenants.slug }).returning();
        // taken between the check and now (another operator at the same moment)
        if (!inserted.length) throw new SchoolInputError([{ row, field: 'slug', reason: `"${school.slug}" is taken by another school` }]);
        const tenant = inserted[0];
        await tx.insert(tenantAccess).values({ tenant_id: tenant.id, ...Object.fromEntries(ACCESS_FLAGS.map((f) => [f, school.sections.includes(f)])) });
        const [admin] = await tx
          .insert(users)
          .values({ tenant_id: tenant.id, login: school.adminEmail, email: school.adminEmail, password_hash: unusable, role: 'superadmin', is_main: true })
          .returning({ id: users.id });
        const key = await newPasswordLink(bindToSchool(tx as unknown as Db, tenant.id), admin.id, SET_PASSWORD_DAYS * 24 * 60);
        const link = `${opts.webOrigin(school.slug)}/reset_password/${key}`;
        const lang: SchoolLanguage = school.languages[0];
        const sent = await sendSchoolMail({ db: tx as unknown as Db, dataDir: opts.dataDir }, tenant, { to: school.adminEmail, ...setPasswordMail(lang, school.title, link, SET_PASSWORD_DAYS) });
        if (sent.outbox) files.push(sent.outbox);
        created.push({ id: tenant.id, slug: tenant.slug, adminEmail: school.adminEmail, outbox: sent.outbox });
      }
      await tellApiProcesses(tx as unknown as Db);
      return created;
    });
  } catch (err) {
    // nothing of these schools is kept: not their rows (rolled back), nor their mail
    for (const f of files) {
      rmSync(f, { force: true });
      // the school's outbox folder, made for this mail (a folder with anything else in it stays)
      try {
        rmdirSync(dirname(f));
      } catch {}
    }
    throw err;
  }
}

/**
 * Makes every API process on this PostgreSQL database forget its school caches (server/core/broadcast.ts, topic
 * `tenant-caches`): the change is seen by the next request everywhere. Sent in the change's transaction, so it is
 * delivered when (and only if) the change commits. On PGlite nobody listens, and no server runs beside the command.
 */
export async function tellApiProcesses(db: Db) {
  await db.execute(sql`select pg_notify(${BROADCAST_CHANNEL}, ${JSON.stringify({ topic: 'tenant-caches', from: 'school-command' })})`);
}

/** Every school with its sections, state and number of users, by slug. */
export async function listSchools(db: Db): Promise<SchoolSummary[]> {
  const rows = await db
    .select({ tenant: tenants, access: tenantAccess, users: sql<number>`(select ${count()} from ${users} where ${users.tenant_id} = ${tenants.id})`.mapWith(Number) })
    .from(tenants)
    .leftJoin(tenantAccess, eq(tenantAccess.tenant_id, tenants.id))
    .orderBy(asc(tenants.slug));
  return rows.map(({ tenant, access, users: n }) => ({
    id: tenant.id,
    slug: tenant.slug,
    title: tenant.title,
    languages: tenant.languages,
    sections: ACCESS_FLAGS.filter((f) => access?.[f]),
    suspended_at: tenant.suspended_at,
    created_at: tenant.created_at,
    users: n,
  }));
}

/** The school of a slug, or a SchoolInputError naming the field `slug`. */
async function schoolOf(db: Db, slug: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug));
  if (!row) throw new SchoolInputError([{ field: 'slug', reason: slug ? `no school "${slug}"` : 'is required' }]);
  return row;
}

/**
 * Gives a school a new title (its name in the apps, mail and documents). The slug stays: it is the school's address
 * and the folder of its files (DATA_DIR/files/<slug>/), so changing it is not a rename (docs/operations.md).
 */
export async function renameSchool(db: Db, slug: string, newTitle: string | undefined) {
  const school = await schoolOf(db, slug);
  const title = (newTitle ?? '').trim();
  if (!title) throw new SchoolInputError([{ field: 'title', reason: 'is required' }]);
  if (title.length > 200) throw new SchoolInputError([{ field: 'title', reason: 'is longer than 200 characters' }]);
  return changeSchool(db, school.id, { title });
}

/**
 * Suspends a school: from the next request on (every API process forgets its school cache: the caller broadcasts
 * `tenant-caches`) every sign-in and every token of it is refused with ERROR_SCHOOL_SUSPENDED; its data stays.
 * Suspending a suspended school keeps its first date. Answers the school's row.
 */
export async function suspendSchool(db: Db, slug: string) {
  const school = await schoolOf(db, slug);
  if (school.suspended_at) return school;
  return changeSchool(db, school.id, { suspended_at: new Date() });
}

/** Lets a suspended school work again, with everything it had. */
export async function resumeSchool(db: Db, slug: string) {
  const school = await schoolOf(db, slug);
  return changeSchool(db, school.id, { suspended_at: null });
}

/** One change of a school's row, and every API process told in the same transaction. */
function changeSchool(db: Db, id: number, change: Partial<typeof tenants.$inferInsert>) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(tenants).set(change).where(eq(tenants.id, id)).returning();
    await tellApiProcesses(tx as unknown as Db);
    return row;
  });
}
