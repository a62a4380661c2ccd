import { PGlite } from '@electric-sql/pglite';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { containsAny, containsPattern } from './search.ts';

const items = pgTable('items', { id: serial('id').primaryKey(), title: text('title').notNull(), note: text('note') });

describe('list search (q=)', () => {
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(() => client.close());

  it('escapes the wildcards: % _ and \\ are the characters the user typed', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('finds the typed text in any column, case-insensitively, and treats % and _ literally', async () => {
    await client.exec(
      "create table items (id serial primary key, title text not null, note text); insert into items (title, note) values ('Growth 100%', null), ('Growth 1000', 'a_b'), ('Finance', 'AXB')",
    );
    const find = async (q: string) =>
      (
        await db
          .select()
          .from(items)
          .where(containsAny(q, items.title, items.note))
          .orderBy(items.id)
      ).map((r) => r.title);
    expect(await find('growth')).toEqual(['Growth 100%', 'Growth 1000']);
    expect(await find('100%')).toEqual(['Growth 100%']);
    expect(await find('a_b')).toEqual(['Growth 1000']);
    expect(await find('%')).toEqual(['Growth 100%']);
    expect(containsAny('   ', items.title)).toBeUndefined();
  });
});
