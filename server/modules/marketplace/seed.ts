import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import { absolutePath } from '../../core/storage.ts';
import type { Db } from '../../db/client.ts';
import {
  chapterMedia,
  chapters,
  marketAds,
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
export function marketplaceSeeder(dataDir: string) {
  return (db: Db, tenant: { slug: string }, people: Record<Role, number>) => seedMarketplace(db, tenant, people, dataDir);
}

/** A PNG banner (a diagonal gradient between two colours), so that the demo ad has a real image without a binary asset. */
export function bannerPng(width: number, height: number, from: [number, number, number], to: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const k = (x / width + y / height) / 2;
      const at = y * (width * 3 + 1) + 1 + x * 3;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(from[c] + (to[c] - from[c]) * k);
    }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export async function seedMarketplace(db: Db, tenant: { slug: string }, people: Record<Role, number>, dataDir?: string) {
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
  // an ad of Strategic Management, shown from a week before the seeding to a year after it
  let image: string | null = null;
  if (dataDir) {
    image = `market-ads/${randomUUID()}.png`;
    const abs = absolutePath(dataDir, tenant.slug, image);
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, bannerPng(960, 240, [30, 64, 175], [13, 148, 136]));
  }
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await db.insert(marketAds).values({
    title: 'Стратегический менеджмент: 90 дней до своей стратегии',
    title_en: 'Strategic Management: 90 days to your own strategy',
    image,
    program_id: strategy.id,
    starts_on: day(-7),
    ends_on: day(365),
  });
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
