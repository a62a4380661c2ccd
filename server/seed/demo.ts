import { scormSeeder } from './scorm.ts';
import { seedStandards } from './standards.ts';
import { seedRegistration } from '../modules/accounts/registration.ts';
import { seedNetworking } from '../modules/networking/seed.ts';
import { bindToSchool } from '../db/school.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tenantAccess, tenants, users, type Role } from '../db/schema/index.ts';
import { hashPassword } from '../core/password.ts';
import { learningSeeder } from './learning.ts';
import { studentSeeder } from './student.ts';
import { seedRecords } from '../modules/diplomas/seed.ts';
import { marketplaceSeeder } from '../modules/marketplace/seed.ts';
import { seedReports } from './reports.ts';
import { seedLifelong } from '../modules/lifelong/seed.ts';

export const DEMO_PASSWORD = 'Demo12345';
export const DEMO_TENANTS = [
  { slug: 'demo', title: 'Demo Business School' },
  { slug: 'north', title: 'North School of Management' },
] as const;
export const DEMO_ROLES: Role[] = ['superadmin', 'admin', 'moderator', 'trainer', 'student'];

const PEOPLE: Record<Role, { name: string; surname: string }> = {
  superadmin: { name: 'Анна', surname: 'Главная' },
  admin: { name: 'Иван', surname: 'Админов' },
  moderator: { name: 'Мария', surname: 'Кураторова' },
  trainer: { name: 'Пётр', surname: 'Тренеров' },
  student: { name: 'Алексей', surname: 'Студентов' },
};

/** Content seeders of the feature modules, run after the schools and their users exist. */
export type ContentSeeder = (db: Db, tenant: { id: number; slug: string }, people: Record<Role, number>) => Promise<void>;
export const contentSeeders: ContentSeeder[] = [];
contentSeeders.push(seedNetworking);
// self-registration open in the demo schools (issue 11 item 9)
contentSeeders.push(seedRegistration);

/** Creates the demo schools `demo` and `north` with one user per role (password Demo12345). */
export async function seedDemo(db: Db, dataDir: string) {
  const seeders = [...contentSeeders, learningSeeder(dataDir), studentSeeder(dataDir), seedRecords, marketplaceSeeder(dataDir), seedReports, seedLifelong, scormSeeder(dataDir), seedStandards];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const t of DEMO_TENANTS) {
    const existing = await db.select().from(tenants).where(eq(tenants.slug, t.slug));
    if (existing.length) continue;
    const [tenant] = await db.insert(tenants).values(t).returning();
    await db.insert(tenantAccess).values({ tenant_id: tenant.id, networking: true, lifelong_learning: true, rating: true, message: true, payment: true });
    const people = {} as Record<Role, number>;
    for (const role of DEMO_ROLES) {
      const [u] = await db
        .insert(users)
        .values({
          tenant_id: tenant.id,
          login: role,
          email: `${role}@${t.slug}.test`,
          password_hash: passwordHash,
          role,
          is_main: role === 'superadmin',
          ...PEOPLE[role],
          date_start: '2026-09-01',
        })
        .returning({ id: users.id });
      people[role] = u.id;
    }
    // Content is written through the school's bound handle: every row gets the school's id without the seeders naming it.
    const schoolDb = bindToSchool(db, tenant.id);
    for (const seed of seeders) await seed(schoolDb, tenant, people);
  }
}
