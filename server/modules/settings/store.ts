import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** Writes one setting of the school `db` is bound to (insert or replace); the handle stamps the school. */
export async function writeSetting(db: Db, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: [settings.tenant_id, settings.key], set: { value, updated_at: new Date() } });
}

/** Removes one setting of the school `db` is bound to (its default applies again). */
export async function dropSetting(db: Db, key: string) {
  await db.delete(settings).where(eq(settings.key, key));
}
