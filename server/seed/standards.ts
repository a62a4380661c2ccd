import { and, eq } from 'drizzle-orm';
import { chapterMedia, chapters, ltiTools, media, programUsers, programs } from '../db/schema/index.ts';
import type { ContentSeeder } from './demo.ts';

/** Placeholder addresses of the demo LTI tool: `.invalid` names never resolve (RFC 2606), so no launch leaves the machine. */
export const DEMO_LTI_TOOL = {
  name: 'Бизнес-симулятор (демо)',
  client_id: 'demo-simulator',
  login_url: 'https://lti-tool.invalid/login',
  launch_url: 'https://lti-tool.invalid/launch',
  jwks_url: 'https://lti-tool.invalid/keys',
  deployment_id: 'demo',
} as const;

const NOTE = [
  '<p>Демонстрационный инструмент LTI 1.3: его адреса — заглушки (lti-tool.invalid), поэтому окно инструмента не откроется.',
  'Чтобы запустить настоящий инструмент, администратор школы вписывает его адреса в разделе «Обучение → Инструменты LTI».</p>',
  '<p>A demo LTI 1.3 tool: its addresses are placeholders (lti-tool.invalid), so the tool’s window will not load.',
  'To launch a real tool, the school’s admin enters its addresses under Learning → LTI tools.</p>',
].join(' ');

/**
 * The demo program "Открытые стандарты / Open standards" (issue 33), in which the demo student is enrolled: the SCORM
 * package of "Маркетинг" (server/seed/scorm.ts, the same material in a second chapter) and an LTI link to a demo tool
 * registered with placeholder addresses, so that a student sees both standards at once. A program of its own keeps the
 * counts of the first three programs as they were. Runs after the SCORM seeder.
 */
export const seedStandards: ContentSeeder = async (db, tenant, people) => {
  const [scorm] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.tenant_id, tenant.id), eq(media.kind, 'scorm')))
    .orderBy(media.id)
    .limit(1);
  const [program] = await db.insert(programs).values({ tenant_id: tenant.id, title: 'Открытые стандарты', title_en: 'Open standards', days_to_study: 30, format: 'online' }).returning();
  const [chapter] = await db.insert(chapters).values({ tenant_id: tenant.id, program_id: program.id, title: 'Материалы издателей', sort: 1 }).returning();
  const [tool] = await db
    .insert(ltiTools)
    .values({ tenant_id: tenant.id, ...DEMO_LTI_TOOL })
    .returning();
  const [lti] = await db.insert(media).values({ tenant_id: tenant.id, title: 'Бизнес-симулятор (LTI 1.3)', kind: 'lti', lti_tool_id: tool.id, body: NOTE }).returning();
  await db
    .insert(chapterMedia)
    .values([...(scorm ? [{ tenant_id: tenant.id, chapter_id: chapter.id, media_id: scorm.id, sort: 1 }] : []), { tenant_id: tenant.id, chapter_id: chapter.id, media_id: lti.id, sort: 2 }]);
  await db.insert(programUsers).values({ program_id: program.id, user_id: people.student });
};
