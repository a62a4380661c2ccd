import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, diplomas, documentTemplates, programs, type Role } from '../../db/schema/index.ts';

/** The demo school's records: its company (the invoices' payee), a diploma template and a diploma of the student (not yet generated). */
export async function seedRecords(db: Db, tenant: { slug: string }, people: Record<Role, number>) {
  const north = tenant.slug === 'north';
  await db.insert(companies).values({
    title: north ? 'North School' : 'Бизнес-школа «Демо»',
    full_name: north ? 'ООО «Северная школа менеджмента»' : 'АНО ДПО «Демо бизнес-школа»',
    short_name: north ? 'ООО «СШМ»' : 'АНО ДПО «ДБШ»',
    inn: north ? '7802000010' : '7703000018',
    kpp: north ? '780201001' : '770301001',
    ogrn: north ? '1027800000011' : '1027700000012',
    legal_address: north ? 'Санкт-Петербург, Невский пр., 1' : 'Москва, ул. Образцова, 1',
    bank: 'ПАО Сбербанк',
    bik: '044525225',
    swift: 'SABRRUMM',
    account: north ? '40702810900000000002' : '40703810900000000001',
    corr_account: '30101810400000000225',
    payment_link: `https://pay.example.test/${tenant.slug}`,
    director: north ? 'Северов С. С.' : 'Директоров Д. Д.',
    accountant: north ? 'Счётова А. А.' : 'Бухгалтерова Б. Б.',
    is_default: true,
  });
  const [template] = await db
    .insert(documentTemplates)
    .values({
      title: 'Диплом о профессиональной переподготовке',
      kind: 'certificate',
      body: [
        'Настоящий диплом выдан {{name_dative}}',
        'в том, что он(а) с {{date_start}} по {{date_end}} прошёл(а) профессиональную переподготовку',
        'в {{company}} по программе «{{program}}» в объёме {{hours}} часов.',
        '',
        'Регистрационный номер {{registration_number}}. Дата выдачи {{date}}.',
        '',
        'Председатель комиссии {{chairman}}',
        'Директор {{director}}',
        'Секретарь {{secretary}}',
      ].join('\n'),
    })
    .returning();
  const [program] = await db.select({ id: programs.id }).from(programs).orderBy(asc(programs.id)).limit(1);
  await db.insert(diplomas).values({
    user_id: people.student,
    program_id: program?.id ?? null,
    template_id: template.id,
    name_nominative: 'Студентов Алексей',
    name_genitive: 'Студентова Алексея',
    name_dative: 'Студентову Алексею',
    date_start: '2025-09-01',
    date_end: '2026-06-30',
    date_issue: '2026-07-01',
    hours: 520,
    registration_number: `${tenant.slug.toUpperCase()}-2026-0001`,
    chairman: 'Председателев П. П.',
    director: north ? 'Северов С. С.' : 'Директоров Д. Д.',
    secretary: 'Секретарёва С. С.',
  });
}
