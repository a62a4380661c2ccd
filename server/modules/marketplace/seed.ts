import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chapterMedia,
  chapters,
  marketFoundCheaper,
  marketFoundCheaperRefs,
  marketListings,
  media,
  prices,
  programs,
  tenants,
  users,
  walletEntries,
  wallets,
  type Role,
} from '../../db/schema/index.ts';

/**
 * The marketplace of the demo schools (docs/marketplace.md): school `demo` publishes two programs — Strategic
 * Management with demo materials (the first lecture video and its notes), Finance for Managers with instalments — and
 * the student of `north` has 5 000 USD in the wallet: enough for Strategic Management online (4 200 USD), not for
 * Finance (6 000 USD).
 */
export async function seedMarketplace(db: Db, tenant: { slug: string }, people: Record<Role, number>) {
  if (tenant.slug === 'north') {
    const [w] = await db.insert(wallets).values({ user_id: people.student, currency: 'USD', balance: 5000 }).returning();
    await db.insert(walletEntries).values({ wallet_id: w.id, user_id: people.student, amount: 5000, currency: 'USD', reason: 'Грант на обучение / Learning grant', by_user_id: people.admin });
    return;
  }
  if (tenant.slug !== 'demo') return;
  const [strategy] = await db.select().from(programs).where(eq(programs.title, 'Стратегический менеджмент'));
  const [finance] = await db.select().from(programs).where(eq(programs.title, 'Финансы для руководителей'));
  if (!strategy || !finance) return;
  await db
    .update(programs)
    .set({
      full_description: 'Девяносто дней о выборе стратегии и её исполнении: анализ отрасли, пять сил Портера, проект по стратегии вашей компании.',
      language: 'ru',
      skills: ['Стратегический анализ', 'Пять сил Портера', 'Планирование'],
      knowledge: ['Модели конкуренции', 'Стратегические альтернативы'],
      requirements: 'Опыт руководства от года',
      duration: '90 дней',
    })
    .where(eq(programs.id, strategy.id));
  await db
    .update(programs)
    .set({
      full_description: 'Отчётность, оценка проектов и бюджет для руководителей без финансового образования.',
      language: 'ru',
      skills: ['Чтение отчётности', 'Бюджетирование'],
      knowledge: ['Баланс', 'Денежный поток'],
      duration: '60 дней',
    })
    .where(eq(programs.id, finance.id));
  await db.insert(prices).values({ program_id: finance.id, title: 'Finance for Managers — online', format: 'online', currency: 'USD', amount: 6000 });
  const demo = await db
    .select({ id: media.id })
    .from(media)
    .innerJoin(chapterMedia, eq(chapterMedia.media_id, media.id))
    .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
    .where(and(eq(chapters.program_id, strategy.id), inArray(media.kind, ['video', 'text'])));
  await db.insert(marketListings).values([
    { program_id: strategy.id, category_id: 1, published: true, published_at: new Date('2026-11-01T09:00:00Z'), demo_media: demo.map((m) => m.id) },
    { program_id: finance.id, category_id: 2, published: true, published_at: new Date('2026-11-02T09:00:00Z'), discount_percent: 0, instalment_months: [6, 12] },
  ]);
  // a "found cheaper" report of demo's own student, awaiting the admin's answer
  const [school] = await db.select({ id: tenants.id, title: tenants.title }).from(tenants);
  const [student] = await db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, people.student));
  const [fc] = await db
    .insert(marketFoundCheaper)
    .values({
      program_id: finance.id,
      buyer_tenant_id: school.id,
      buyer_school: school.title,
      buyer_user_id: people.student,
      buyer_name: `${student.surname ?? ''} ${student.name ?? ''}`.trim(),
      place: 'Онлайн-школа «Финграмота»',
      price: 4500,
      currency: 'USD',
      link: 'https://example.com/finance-course',
      comment: 'Похожая программа, 8 недель',
    })
    .returning();
  await db.insert(marketFoundCheaperRefs).values({ user_id: people.student, seller_tenant_id: school.id, request_id: fc.id });
}
