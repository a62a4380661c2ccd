import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** Writes one setting of a school (insert or replace). */
export async function writeSetting(db: Db, tenantId: number, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ tenant_id: tenantId, key, value })
    .onConflictDoUpdate({ target: [settings.tenant_id, settings.key], set: { value, updated_at: new Date() } });
}

/** Removes one setting of a school (its default applies again). */
export async function dropSetting(db: Db, tenantId: number, key: string) {
  await db.delete(settings).where(and(eq(settings.tenant_id, tenantId), eq(settings.key, key)));
}
