import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { marketLearners, marketPurchases, programUsers, storeCategories, users, walletEntries, wallets } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { publishedPrograms } from './published-programs.ts';
import type { Tenant, User } from '../../core/context.ts';

/** The store categories (shared reference data, fixed ids: the back office's form offers them as choices). */
export const STORE_CATEGORIES = [
  { id: 1, slug: 'management', title_ru: 'Менеджмент', title_en: 'Management' },
  { id: 2, slug: 'finance', title_ru: 'Финансы', title_en: 'Finance' },
  { id: 3, slug: 'marketing', title_ru: 'Маркетинг', title_en: 'Marketing' },
  { id: 4, slug: 'it', title_ru: 'ИТ и данные', title_en: 'IT and data' },
  { id: 5, slug: 'languages', title_ru: 'Языки', title_en: 'Languages' },
  { id: 6, slug: 'soft-skills', title_ru: 'Гибкие навыки', title_en: 'Soft skills' },
  { id: 7, slug: 'law', title_ru: 'Право', title_en: 'Law' },
  { id: 8, slug: 'other', title_ru: 'Другое', title_en: 'Other' },
];

/** Fills the store categories once (runs with the other reference data on every start). */
export async function seedStoreCategories(db: Db) {
  await db
    .insert(storeCategories)
    .values(STORE_CATEGORIES.map((c, i) => ({ ...c, sort: i })))
    .onConflictDoNothing();
}

/**
 * The buyer's learner account in the SELLING school (docs/marketplace.md): made once per buyer through the seller's
 * bound handle, a student of the seller with the buyer's name and a login and e-mail of its own (the buyer's e-mail
 * and everything else of the buyer's school stay there), linked in `market_learners` with the buyer's school named.
 * Enrols it in the program (not yet for an unpaid invoice); answers its id.
 */
export async function enrolInSeller(app: FastifyInstance, sellerId: number, buyer: User, buyerSchool: Tenant, programId: number | undefined): Promise<number> {
  const sdb = app.schoolDb(sellerId);
  const find = async () =>
    (
      await sdb
        .select({ user_id: marketLearners.user_id })
        .from(marketLearners)
        .where(and(eq(marketLearners.buyer_tenant_id, buyerSchool.id), eq(marketLearners.buyer_user_id, buyer.id)))
    )[0]?.user_id;
  let userId = await find();
  if (!userId) {
    const login = `market-${buyerSchool.slug}-${buyer.id}`;
    try {
      userId = await sdb.transaction(async (tx) => {
        const [u] = await tx
          .insert(users)
          .values({
            login,
            email: `${login}@marketplace.invalid`,
            // no password signs in to this account: the buyer arrives through the hand-off from their own school
            password_hash: `!market:${randomBytes(16).toString('hex')}`,
            role: 'student',
            name: buyer.name,
            surname: buyer.surname,
          })
          .returning({ id: users.id });
        await tx.insert(marketLearners).values({ user_id: u.id, buyer_tenant_id: buyerSchool.id, buyer_user_id: buyer.id, buyer_school: buyerSchool.title });
        return u.id;
      });
    } catch (err) {
      // two purchases of one buyer at once: the other made the account
      userId = await find();
      if (!userId) throw err;
    }
  }
  if (programId) await sdb.insert(programUsers).values({ program_id: programId, user_id: userId }).onConflictDoNothing();
  return userId;
}

/** A published program (404 NOT_FOUND_PROGRAM when it is not, or no longer, on the marketplace). */
export async function publishedProgram(app: FastifyInstance, id: number, structure = false) {
  const [p] = (await publishedPrograms(app, { id, structure })).data;
  if (!p) throw notFound('program');
  return p;
}

/** The caller's purchase of a program (their own school's row), if any. */
export async function myPurchase(db: Db, userId: number, programId: number) {
  const [row] = await db
    .select()
    .from(marketPurchases)
    .where(and(eq(marketPurchases.user_id, userId), eq(marketPurchases.program_id, programId)));
  return row;
}

/** A student's wallets (one per currency) and their latest 100 ledger entries, newest first. */
export async function walletOf(db: Db, userId: number) {
  const list = await db.select({ currency: wallets.currency, balance: wallets.balance }).from(wallets).where(eq(wallets.user_id, userId)).orderBy(asc(wallets.currency));
  const entries = await db
    .select({
      id: walletEntries.id,
      amount: walletEntries.amount,
      currency: walletEntries.currency,
      reason: walletEntries.reason,
      created_at: walletEntries.created_at,
      by: sql<string | null>`nullif(trim(${users.surname} || ' ' || ${users.name}), '')`,
    })
    .from(walletEntries)
    .leftJoin(users, eq(users.id, walletEntries.by_user_id))
    .where(eq(walletEntries.user_id, userId))
    .orderBy(desc(walletEntries.id))
    .limit(100);
  return { wallets: list, entries };
}
