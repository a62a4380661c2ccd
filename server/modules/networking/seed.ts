import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, countries, groups, groupUsers, users, type Role } from '../../db/schema/index.ts';
import { hashPassword } from '../../core/password.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import type { ProfileInput } from './fields.ts';
import { saveProfile } from './store.ts';

interface Member {
  login: string;
  name: string;
  surname: string;
  name_en?: string;
  surname_en?: string;
  country: string;
  city: string;
  profile: ProfileInput;
}

/** Demo networking members per school: global, local and off, with filled profiles (docs/networking.md, "Demo data"). */
const MEMBERS: Record<string, Member[]> = {
  demo: [
    {
      login: 'olga.petrova',
      name: 'Ольга',
      surname: 'Петрова',
      name_en: 'Olga',
      surname_en: 'Petrova',
      country: 'RU',
      city: 'Moscow',
      profile: {
        status: 'global',
        industry: 'finance',
        company: 'Северный банк',
        position: 'Директор по персоналу',
        skills: 'подбор персонала, HR-аналитика, переговоры',
        hobbies: 'теннис, джаз',
        looking_employee: true,
        is_hire: true,
        native_language: 'ru',
        marital_status: 'married',
        pet: 'кот',
        education: 'МГУ, экономический факультет',
        about: 'Собираю команду аналитиков и ищу выпускников MBA.',
        telegram: '@olga_hr',
        shown_contacts: ['email', 'telegram'],
      },
    },
    {
      login: 'dmitry.volkov',
      name: 'Дмитрий',
      surname: 'Волков',
      name_en: 'Dmitry',
      surname_en: 'Volkov',
      country: 'RU',
      city: 'Kazan',
      profile: {
        status: 'local',
        industry: 'it',
        company: 'Казань Софт',
        position: 'Руководитель проектов',
        skills: 'scrum, product management, SQL',
        hobbies: 'бег, шахматы',
        looking_job: true,
        native_language: 'ru',
        marital_status: 'single',
        education: 'КФУ, прикладная математика',
        about: 'Ищу роль продакт-менеджера в финтехе.',
        shown_contacts: ['phone'],
      },
    },
    {
      login: 'elena.smirnova',
      name: 'Елена',
      surname: 'Смирнова',
      name_en: 'Elena',
      surname_en: 'Smirnova',
      country: 'RU',
      city: 'Saint Petersburg',
      profile: {
        status: 'off',
        industry: 'retail',
        company: 'Невский ритейл',
        position: 'Коммерческий директор',
        skills: 'закупки, ценообразование',
        hobbies: 'фотография',
        is_owner: true,
        native_language: 'ru',
        shown_contacts: ['email'],
      },
    },
  ],
  north: [
    {
      login: 'john.carter',
      name: 'John',
      surname: 'Carter',
      country: 'GB',
      city: 'London',
      profile: {
        status: 'global',
        industry: 'consulting',
        company: 'Carter & Partners',
        position: 'Managing partner',
        skills: 'strategy, M&A, negotiation',
        hobbies: 'sailing, chess',
        is_owner: true,
        is_hire: true,
        native_language: 'en',
        marital_status: 'married',
        pet: 'dog',
        education: 'LBS, MBA',
        about: 'Strategy consultant hiring analysts across Europe.',
        telegram: '@jcarter',
        shown_contacts: ['email', 'phone', 'telegram'],
      },
    },
    {
      login: 'anna.berg',
      name: 'Anna',
      surname: 'Berg',
      country: 'DE',
      city: 'Berlin',
      profile: {
        status: 'local',
        industry: 'logistics',
        company: 'Spree Logistics',
        position: 'Operations manager',
        skills: 'supply chain, lean, SAP',
        hobbies: 'cycling',
        looking_job: true,
        native_language: 'de',
        shown_contacts: ['email'],
      },
    },
    {
      login: 'pavel.orlov',
      name: 'Павел',
      surname: 'Орлов',
      name_en: 'Pavel',
      surname_en: 'Orlov',
      country: 'KZ',
      city: 'Almaty',
      profile: {
        status: 'off',
        industry: 'energy',
        company: 'Степь Энерджи',
        position: 'Финансовый директор',
        skills: 'финансовая модель, IFRS',
        hobbies: 'горные лыжи',
        native_language: 'ru',
        shown_contacts: [],
      },
    },
  ],
};

/** The demo logins' own statuses: the demo student starts local (the journey makes them global), north's student is global. */
const ROLE_PROFILES: Record<string, Partial<Record<Role, ProfileInput>>> = {
  demo: {
    student: {
      status: 'local',
      industry: 'it',
      company: 'Демо Диджитал',
      position: 'Аналитик',
      skills: 'аналитика данных, Python',
      hobbies: 'путешествия',
      looking_job: true,
      native_language: 'ru',
      shown_contacts: ['email'],
    },
    trainer: {
      status: 'global',
      industry: 'education',
      company: 'Demo Business School',
      position: 'Преподаватель стратегии',
      skills: 'стратегия, кейс-метод',
      hobbies: 'горы',
      native_language: 'ru',
      shown_contacts: ['email'],
    },
  },
  north: {
    student: {
      status: 'global',
      industry: 'consulting',
      company: 'North Advisory',
      position: 'Junior consultant',
      skills: 'market research, Excel',
      hobbies: 'hiking',
      looking_job: true,
      native_language: 'en',
      shown_contacts: ['email'],
    },
  },
};

/** Seeds networking members and profiles of a demo school (through the school's bound handle). */
export async function seedNetworking(db: Db, tenant: { id: number; slug: string }, people: Record<Role, number>) {
  const hash = await hashPassword(DEMO_PASSWORD);
  // an alumni intake of the school, so that the tree has a branch from the first start
  const [group] = await db
    .insert(groups)
    .values({ title: tenant.slug === 'north' ? 'Executive MBA 2025' : 'MBA-2025 (выпуск)' })
    .returning({ id: groups.id });
  const place = async (code: string, cityEn: string) => {
    const [c] = await db
      .select({ country_id: countries.id, city_id: cities.id })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.country_id))
      .where(and(eq(countries.code, code), eq(cities.title_en, cityEn)));
    return c ?? { country_id: null, city_id: null };
  };
  for (const m of MEMBERS[tenant.slug] ?? []) {
    const where = await place(m.country, m.city);
    const [u] = await db
      .insert(users)
      .values({
        login: m.login,
        email: `${m.login}@${tenant.slug}.test`,
        password_hash: hash,
        role: 'student',
        name: m.name,
        surname: m.surname,
        name_en: m.name_en,
        surname_en: m.surname_en,
        phone: '+7 900 000-00-00',
        ...where,
        date_start: '2026-09-01',
      })
      .returning();
    await db.insert(groupUsers).values({ group_id: group.id, user_id: u.id });
    await saveProfile(db, u, m.profile);
  }
  for (const [role, profile] of Object.entries(ROLE_PROFILES[tenant.slug] ?? {}) as [Role, ProfileInput][]) {
    const [u] = await db.select().from(users).where(eq(users.id, people[role]));
    await saveProfile(db, u, profile);
  }
}
