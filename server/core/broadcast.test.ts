import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { buildApp } from '../app.ts';

/**
 * Cache invalidation across API processes (server/core/broadcast.ts): two servers on one PostgreSQL database, each with
 * its own pools and LISTEN connection (as two processes would have). What one broadcasts, the other hears; the sender
 * runs its own handlers once. PostgreSQL only (TEST_DATABASE_URL). Waits for the message itself, never for a time.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('broadcast between API processes', () => {
  const name = `lms_bc_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  let url: URL;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = new URL(base!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: url.toString() });
      dbs.push(database);
      const config = { ...loadConfig({}), dataDir: mkdtempSync(join(tmpdir(), 'lms-bc-')), logLevel: 'silent' };
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const d of dbs) await d.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a school cache emptied in one process is emptied in the other; the sender runs its handler once', async () => {
    const [a, b] = apps;
    let ranOnA = 0;
    a.onBroadcast('tenant-caches', () => ranOnA++);
    const heardOnB = new Promise<string>((resolve) => b.onBroadcast('tenant-caches', () => resolve('heard')));
    a.forgetTenantCaches();
    expect(await heardOnB).toBe('heard');
    // a second message, sent by B, reaches A: by then A's own first message would have come back to it if it did
    const heardOnA = new Promise<string>((resolve) => a.onBroadcast('probe', () => resolve('heard')));
    b.broadcast('probe');
    expect(await heardOnA).toBe('heard');
    expect(ranOnA).toBe(1);
  });

  it("heardOwnChanges resolves after the database's messages about what the process committed before it (issue 27, defect 9)", async () => {
    const [a] = apps;
    const sql = new pg.Client({ connectionString: url.toString() });
    await sql.connect();
    const heard: string[] = [];
    const took: number[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        let onA = false;
        a.onBroadcast(`change-${i}`, () => (onA = true));
        // a change committed (here: a message sent by another connection, as migration 0023's triggers send theirs)
        await sql.query('select pg_notify($1, $2)', ['lms_broadcast', JSON.stringify({ topic: `change-${i}`, from: 'db' })]);
        const started = performance.now();
        const back = await a.heardOwnChanges();
        took.push(performance.now() - started);
        heard.push(`${back} ${onA}`);
      }
    } finally {
      await sql.end();
    }
    // PostgreSQL delivers in commit order: the own message comes back only after the change's
    expect(heard).toEqual(Array(30).fill('true true'));
    took.sort((x, y) => x - y);
    console.info(`heardOwnChanges: median ${took[15].toFixed(2)} ms, slowest ${took[29].toFixed(2)} ms`);
  });
});
