import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { groups, groupUsers, marketLearners, users } from '../../db/schema/index.ts';
import { cities } from './columns.ts';
import { memberPage, type MemberDetailRow } from './fields.ts';
import { schoolMember } from './index.ts';

/**
 * A member's page for a curator of the member's own school (docs/networking.md "The curator's list"): every user the
 * curator's list shows opens. A user with a networking profile gets their page whatever its status, with every contact;
 * one who never opened networking gets a minimal page (`off`, name, school, the contacts the school holds, groups, no
 * networking fields) instead of a 404. A marketplace learner account (a buyer of another school studying here) shows
 * its buyer's school (`buyer_school`) and never its made-up `@marketplace.invalid` address.
 */
export async function curatorMember(req: FastifyRequest, id: number) {
  const [buyer] = await req.db.select({ school: marketLearners.buyer_school }).from(marketLearners).where(eq(marketLearners.user_id, id));
  const market = buyer ? { buyer_school: buyer.school } : {};
  const page = await schoolMember(req, id, { anyStatus: true, allContacts: true });
  if (page) return { ...page, ...market, contacts: buyer ? withoutEmail(page.contacts) : page.contacts };
  const [u] = await req.db.select({ u: users, city: cities.title_ru, city_en: cities.title_en }).from(users).leftJoin(cities, eq(cities.id, users.city_id)).where(eq(users.id, id));
  if (!u) return null;
  const groupRows = await req.db.select({ title: groups.title }).from(groupUsers).innerJoin(groups, eq(groups.id, groupUsers.group_id)).where(eq(groupUsers.user_id, id)).orderBy(asc(groups.title));
  const row: MemberDetailRow = {
    profile_id: 0,
    id: u.u.id,
    domain: req.tenant.slug,
    school: req.tenant.title,
    status: 'off',
    name: u.u.name,
    surname: u.u.surname,
    avatar: null,
    updated_at: u.u.updated_at,
    country_id: u.u.country_id,
    city_id: u.u.city_id,
    city: u.city,
    city_en: u.city_en,
    company: null,
    position: null,
    industry: null,
    looking_job: false,
    looking_employee: false,
    is_hire: false,
    is_owner: false,
    sort_name: '',
    rank: 0,
    email: buyer ? '' : u.u.email,
    phone: u.u.phone,
    telegram: null,
    social: (u.u.social ?? {}) as Record<string, string>,
    shown_contacts: [],
    education: null,
    about: null,
    interests: u.u.interests,
    hobbies: null,
    skills: null,
    marital_status: null,
    pet: null,
    native_language: null,
    additionally: null,
  };
  return {
    ...memberPage(
      row,
      groupRows.map((g) => g.title),
      { allContacts: true },
    ),
    catalog: [],
    ...market,
  };
}

function withoutEmail<T extends { email?: string }>(contacts: T): T {
  const { email: _email, ...rest } = contacts;
  void _email;
  return rest as T;
}
