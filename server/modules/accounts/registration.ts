import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/**
 * Self-registration (docs/accounts.md "Registration"): a school lets people make their own student account from the
 * portal's sign-up screen only when its `self_registration` setting is true (set on the back office's settings
 * screen). Unset: closed. The demo schools are seeded open.
 */
export const REGISTRATION_KEY = 'self_registration';

export async function registrationOpen(db: Db) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, REGISTRATION_KEY));
  return row?.value === true;
}

export async function setRegistration(db: Db, open: boolean) {
  await db
    .insert(settings)
    .values({ key: REGISTRATION_KEY, value: open })
    .onConflictDoUpdate({ target: [settings.tenant_id, settings.key], set: { value: open, updated_at: new Date() } });
}

/** Demo content: both demo schools accept sign-ups. */
export async function seedRegistration(db: Db) {
  await setRegistration(db, true);
}
