import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { seedDemo } from '../seed/demo.ts';

/**
 * The seeded start every API test file copies: migrated, with the reference data and the demo schools, made once per
 * test run instead of once per file (most of a file's setup was migrating and seeding). On PGlite a dump of the data
 * folder; on PostgreSQL a template database, which `create database … template` copies. The demo files the seed
 * writes (videos, PDFs) sit in `dataDir`, which each file copies too.
 */
export interface SeededStart {
  dataDir: string;
  /** PGlite: the data-folder dump (a tar file). */
  pgliteDump?: string;
  /** PostgreSQL: the template database's name. */
  template?: string;
}

export async function makeSeededStart(pgBase: string | undefined): Promise<{ start: SeededStart; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'lms-seeded-'));
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  if (pgBase) {
    const template = `lms_seeded_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await onServer(pgBase, `create database ${template}`);
    const url = new URL(pgBase);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString() });
    await seedReferenceData(database.db);
    await seedDemo(database.db, dataDir);
    await database.close();
    return {
      start: { dataDir, template },
      remove: async () => {
        await onServer(pgBase, `drop database if exists ${template} with (force)`);
        await rm(root, { recursive: true, force: true });
      },
    };
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await seedReferenceData(database.db);
  await seedDemo(database.db, dataDir);
  const dump = await database.snapshot!();
  await database.close();
  const pgliteDump = join(root, 'pglite.tar');
  await writeFile(pgliteDump, Buffer.from(await dump.arrayBuffer()));
  return { start: { dataDir, pgliteDump }, remove: () => rm(root, { recursive: true, force: true }) };
}

export async function onServer(baseUrl: string, statement: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
