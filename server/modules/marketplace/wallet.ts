import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { users, walletEntries, wallets } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { ListQuery, paginate } from '../../core/pagination.ts';
import { Id } from '../../core/schemas.ts';
import { walletOf } from './store.ts';
import { BUYERS, Currency, Money, adminTags, admins, rub, tags } from './schemas.ts';
import { MyWallet, WalletCredit, WalletLedgerPage } from './responses.ts';

/** The student's wallets and ledger (a purchase by wallet is debited in `purchase.ts`). */
export function myWalletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/marketplace/wallet',
    { config: { roles: [...BUYERS] }, schema: { tags, summary: 'My wallets (one per currency) and their ledger, newest first', response: { 200: MyWallet } } },
    async (req) => ({
      data: await walletOf(req.db, currentUser(req).id),
    }),
  );
}

/** The back office's wallets: the ledger of the school's students, and a credit in a currency. */
export function walletAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/admin/marketplace/wallet',
    {
      config: admins,
      schema: { tags: adminTags, summary: "The wallets' ledger of the school's students (credits and purchases), newest first", querystring: ListQuery, response: { 200: WalletLedgerPage } },
    },
    async (req) => {
      return paginate(req.db, req.query, {
        table: walletEntries,
        query: req.db
          .select({
            id: walletEntries.id,
            user_id: walletEntries.user_id,
            student: sql<string>`trim(${users.surname} || ' ' || ${users.name})`,
            amount: walletEntries.amount,
            currency: walletEntries.currency,
            reason: walletEntries.reason,
            created_at: walletEntries.created_at,
            balance: wallets.balance,
          })
          .from(walletEntries)
          .innerJoin(users, eq(users.id, walletEntries.user_id))
          .innerJoin(wallets, eq(wallets.id, walletEntries.wallet_id))
          .$dynamic(),
        orderBy: [desc(walletEntries.id)],
      });
    },
  );
  app.post(
    '/admin/marketplace/wallet',
    {
      config: { ...admins, noDemo: true },
      schema: {
        tags: adminTags,
        summary: "Credit a wallet of the school's student, admin or superadmin (the marketplace's buyers) in a currency (a ledger entry with who and why)",
        body: Type.Object({ user_id: Id, currency: Currency, amount: Money, reason: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 201: WalletCredit },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const [student] = await req.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, b.user_id), inArray(users.role, [...BUYERS])));
      if (!student) throw fieldError('user_id', 'validation.choice');
      const currency = rub(b.currency);
      const entry = await req.db.transaction(async (tx) => {
        const [w] = await tx
          .insert(wallets)
          .values({ user_id: b.user_id, currency, balance: b.amount })
          .onConflictDoUpdate({ target: [wallets.tenant_id, wallets.user_id, wallets.currency], set: { balance: sql`${wallets.balance} + ${b.amount}` } })
          .returning();
        const [e] = await tx
          .insert(walletEntries)
          .values({ wallet_id: w.id, user_id: b.user_id, amount: b.amount, currency, reason: b.reason, by_user_id: req.actorId ?? currentUser(req).id })
          .returning();
        return { ...e, balance: w.balance };
      });
      return reply.status(201).send({ data: entry });
    },
  );
}
