import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { calendarEvents, chapterMedia, chapters, documents, media, news, paymentItems, paymentPlans, prices, programs, projectFiles, submittedProjects } from '../db/schema/index.ts';
import { absolutePath } from '../core/storage.ts';
import { writeTextPdf } from '../core/pdf.ts';
import type { ContentSeeder } from './demo.ts';

const addMonths = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

/** A real zip archive holding one stored (uncompressed) file. */
export function storedZip(name: string, content: string) {
  const data = Buffer.from(content);
  const fname = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fname.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fname.length, 28);
  const centralOffset = local.length + fname.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fname.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fname, data, central, fname, end]);
}

/**
 * Demo content of the student's portal: news (one required, one for curators), a real PDF certificate and contract,
 * a second project assignment with a history (version 1 checked with a score, version 2 awaiting the trainer),
 * prices, a 12-month payment plan with paid and unpaid items, and calendar events.
 */
export function studentSeeder(dataDir: string): ContentSeeder {
  return async (db, tenant, people) => {
    const t = tenant.id;
    await db.insert(news).values([
      {
        tenant_id: t,
        title: 'Правила итоговой аттестации',
        title_en: 'Final assessment rules',
        body: '<p>Пожалуйста, прочитайте <b>правила аттестации</b> до начала экзаменов.</p>',
        required: true,
        published_at: new Date('2026-11-20T09:00:00Z'),
      },
      { tenant_id: t, title: 'Открыт набор на программу «Лидерство»', title_en: 'Enrolment open: Leadership', body: '<p>Старт потока — в январе.</p>', published_at: new Date('2026-11-10T09:00:00Z') },
      {
        tenant_id: t,
        title: 'Новая библиотека кейсов',
        title_en: 'A new case library',
        body: '<p>В разделе документов появились кейсы Harvard Business School.</p>',
        published_at: new Date('2026-11-01T09:00:00Z'),
      },
      {
        tenant_id: t,
        title: 'Совещание кураторов',
        title_en: "Curators' meeting",
        body: '<p>Для кураторов: в пятницу в 15:00.</p>',
        audience: 'curators',
        published_at: new Date('2026-11-18T09:00:00Z'),
      },
    ]);

    // documents: real PDFs
    const certificate = 'documents/certificate-student.pdf';
    const contract = 'documents/contract-student.pdf';
    await mkdir(dirname(absolutePath(dataDir, tenant.slug, certificate)), { recursive: true });
    await writeTextPdf(absolutePath(dataDir, tenant.slug, certificate), 'Сертификат', [
      'Настоящим подтверждается, что Алексей Студентов прошёл модуль «Введение в стратегию».',
      'Certificate of completion: Introduction to Strategy.',
    ]);
    await writeTextPdf(absolutePath(dataDir, tenant.slug, contract), 'Договор об обучении', [
      'Договор об оказании образовательных услуг по программе «Стратегический менеджмент».',
      'Education services agreement: Strategic Management.',
    ]);
    const sizeOf = async (rel: string) => (await stat(absolutePath(dataDir, tenant.slug, rel))).size;
    await db.insert(documents).values([
      {
        tenant_id: t,
        user_id: people.student,
        kind: 'certificate',
        title: 'Сертификат - Введение в стратегию',
        title_en: 'Certificate - Introduction to Strategy',
        path: certificate,
        file_name: 'Сертификат - Введение в стратегию.pdf',
        mime: 'application/pdf',
        size: await sizeOf(certificate),
      },
      {
        tenant_id: t,
        user_id: people.student,
        kind: 'document',
        title: 'Договор об обучении',
        title_en: 'Education agreement',
        path: contract,
        file_name: 'Договор об обучении.pdf',
        mime: 'application/pdf',
        size: await sizeOf(contract),
      },
    ]);

    // a second project, in the second program, with a review history
    const [p1, p2] = await db.select().from(programs).where(eq(programs.tenant_id, t)).orderBy(asc(programs.id)).limit(2);
    const [chapter] = await db
      .select()
      .from(chapters)
      .where(and(eq(chapters.tenant_id, t), eq(chapters.program_id, p2.id)))
      .orderBy(asc(chapters.sort))
      .limit(1);
    const [project] = await db
      .insert(media)
      .values({ tenant_id: t, title: 'Проект: анализ финансовой отчётности', kind: 'project', deadline: '2027-01-25', body: 'Проанализируйте отчётность компании и загрузите архив с расчётами.' })
      .returning();
    await db.insert(chapterMedia).values({ chapter_id: chapter.id, media_id: project.id, sort: 100 });
    const [v1, v2] = await db
      .insert(submittedProjects)
      .values([
        {
          tenant_id: t,
          user_id: people.student,
          media_id: project.id,
          version: 1,
          message: 'Первая версия расчётов.',
          status: 'checked',
          score: 6,
          trainer_id: people.trainer,
          trainer_message: 'Доработайте анализ денежных потоков.',
          submitted_at: new Date('2026-10-20T10:00:00Z'),
          checked_at: new Date('2026-10-25T12:00:00Z'),
        },
        { tenant_id: t, user_id: people.student, media_id: project.id, version: 2, message: 'Добавил анализ денежных потоков.', status: 'awaiting', submitted_at: new Date('2026-11-12T10:00:00Z') },
      ])
      .returning();
    for (const [v, name, text] of [
      [v1, 'finance-v1.zip', 'Расчёты, версия 1'],
      [v2, 'finance-v2.zip', 'Расчёты, версия 2: денежные потоки'],
    ] as const) {
      const zip = storedZip('report.txt', text);
      const rel = `projects/${v.id}/${name}`;
      const abs = absolutePath(dataDir, tenant.slug, rel);
      await mkdir(dirname(abs), { recursive: true });
      await writeFile(abs, zip);
      await db.insert(projectFiles).values({ tenant_id: t, project_id: v.id, file_name: name, path: rel, size: zip.length, sha256: createHash('sha256').update(zip).digest('hex') });
    }

    // prices and the payment plan
    await db.insert(prices).values([
      { tenant_id: t, program_id: p1.id, title: 'Стратегический менеджмент — смешанный формат', format: 'blended', currency: 'RUB', amount: 360000, extra_amount: 24000, extra_currency: 'RUB' },
      { tenant_id: t, program_id: p1.id, title: 'Strategic Management — online', format: 'online', currency: 'USD', amount: 4200 },
    ]);
    const [plan] = await db
      .insert(paymentPlans)
      .values({ tenant_id: t, user_id: people.student, program_id: p1.id, format: 'blended', months: 12, currency: 'RUB', extra_currency: 'RUB', total: 360000, extra_total: 24000 })
      .returning();
    const start = '2026-09-01';
    await db.insert(paymentItems).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        tenant_id: t,
        plan_id: plan.id,
        kind: 'main' as const,
        due_date: addMonths(start, i),
        amount: 30000,
        currency: 'RUB',
        paid: i < 3,
        paid_at: i < 3 ? new Date(`${addMonths(start, i)}T10:00:00Z`) : null,
      })),
      { tenant_id: t, plan_id: plan.id, kind: 'extra' as const, due_date: addMonths(start, 1), amount: 24000, currency: 'RUB', paid: false },
    ]);
    await db.insert(calendarEvents).values([
      { tenant_id: t, program_id: p1.id, kind: 'webinar', title: 'Вебинар: стратегия роста', starts_at: new Date('2026-12-03T15:00:00Z'), ends_at: new Date('2026-12-03T16:30:00Z') },
      { tenant_id: t, program_id: p1.id, kind: 'consulting', title: 'Консультация перед экзаменом', starts_at: new Date('2026-12-10T12:00:00Z'), ends_at: new Date('2026-12-10T13:00:00Z') },
    ]);
  };
}
