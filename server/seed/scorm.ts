import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { chapterMedia, chapters, media, programs, scormPackages } from '../db/schema/index.ts';
import { makePackage, packageLimits, unpackPackage } from '../modules/scorm/index.ts';
import type { ContentSeeder } from './demo.ts';

/**
 * A SCORM 1.2 package as a material of the demo program "Маркетинг" (issue 33): made from code, checked and extracted
 * the way an upload is (server/modules/scorm), attached at the end of the program's first chapter. Staff see it in the
 * portal (every program) and in the back office's materials; a student enrolled in the program plays it.
 */
export function scormSeeder(dataDir: string): ContentSeeder {
  return async (db, tenant) => {
    const [chapter] = await db
      .select({ id: chapters.id })
      .from(chapters)
      .innerJoin(programs, eq(programs.id, chapters.program_id))
      .where(and(eq(programs.tenant_id, tenant.id), eq(programs.title, 'Маркетинг')))
      .orderBy(chapters.sort)
      .limit(1);
    if (!chapter) return;
    const dir = await mkdtemp(join(tmpdir(), 'scorm-seed-'));
    const path = join(dir, 'marketing-game.zip');
    try {
      await writeFile(path, makePackage({ version: '1.2', title: 'Маркетинговая игра (SCORM 1.2)' }));
      await unpackPackage({ dataDir, slug: tenant.slug, limits: packageLimits(2048 * 1024 * 1024) }, { path, filename: 'marketing-game.zip' }, async (p) => {
        const [m] = await db.insert(media).values({ tenant_id: tenant.id, title: p.title, kind: 'scorm', file_name: p.file_name, size: p.size, mime: 'application/zip' }).returning();
        await db.insert(scormPackages).values({ ...p, tenant_id: tenant.id, media_id: m.id });
        await db.insert(chapterMedia).values({ tenant_id: tenant.id, chapter_id: chapter.id, media_id: m.id, sort: 100 });
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
