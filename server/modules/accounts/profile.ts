import { dayInRange } from '../../core/dates.ts';
import { Type } from 'typebox';
import type { User } from '../../core/context.ts';
import { Id } from '../../core/schemas.ts';
import { DateTime, Day, MaybeDateTime, oneOf, orNull } from '../../core/responses.ts';
import { roles, type Role } from '../../db/schema/index.ts';

/** Profile fields a user edits (PUT /api/user) and an admin edits besides role, login and blocking. */
export const ProfileFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  surname: Type.String({ minLength: 1, maxLength: 100 }),
  patronymic: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  name_latin: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  surname_latin: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  name_en: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  surname_en: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  email: Type.String({ format: 'email', maxLength: 255 }),
  sex: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()]),
  birthday_date: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
  phone: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  citizenship: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  country_id: Type.Union([Id, Type.Null()]),
  city_id: Type.Union([Id, Type.Null()]),
  postal_code: Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
  street: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  house: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  apartment: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  building: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  passport_number: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  passport_number_when: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
  passport_issued_by: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  passport_subdivision_code: Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
  insurance_number: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  timezone: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  interests: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  hobby: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  labor_status: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  business_status: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
};

export const DATE_FIELDS = ['birthday_date', 'passport_number_when', 'date_start', 'date_termination', 'd_date', 'date_block'] as const;

/** Accepts `YYYY-MM-DD` or `DD.MM.YYYY` (1900..2100); answers `YYYY-MM-DD`, null for empty, undefined when invalid. */
export function normalizeDate(v: unknown): string | null | undefined {
  if (v === null || v === '') return null;
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) ?? (/^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v) ? ((d) => [v, d[3], d[2], d[1]])(/^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v)!) : null);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  // a day outside 1900..2100 is no day the API takes (server/core/dates.ts, issue 27)
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso || !dayInRange(iso) ? undefined : iso;
}

/** A user as the API shows it: no password hash, `roles` with the current role first, avatar as a path on the API. */
export function publicUser(u: User) {
  const { password_hash: _omit, ...rest } = u;
  void _omit;
  return {
    ...rest,
    roles: [u.role],
    avatar: u.avatar ? `/api/files/avatar/${u.id}?v=${u.updated_at.getTime()}` : null,
    networking: null,
  };
}

const Text = orNull(Type.String());
const MaybeDay = orNull(Day);
const RoleName = Type.Unsafe<Role>({ type: 'string', enum: [...roles] });

/** What `publicUser` answers: every column of the user but the password hash, `roles`, the avatar's path. */
export const PublicUser = Type.Object({
  id: Id,
  tenant_id: Id,
  login: Type.String(),
  email: Type.String(),
  role: RoleName,
  roles: Type.Array(RoleName),
  is_main: Type.Boolean(),
  name: Type.String(),
  surname: Type.String(),
  patronymic: Text,
  name_latin: Text,
  surname_latin: Text,
  name_en: Text,
  surname_en: Text,
  sex: orNull(oneOf(['male', 'female'])),
  birthday_date: MaybeDay,
  phone: Text,
  citizenship: Text,
  country_id: orNull(Id),
  city_id: orNull(Id),
  postal_code: Text,
  street: Text,
  house: Text,
  apartment: Text,
  building: Text,
  passport_number: Text,
  passport_number_when: MaybeDay,
  passport_issued_by: Text,
  passport_subdivision_code: Text,
  insurance_number: Text,
  timezone: Text,
  interests: Text,
  hobby: Text,
  labor_status: Text,
  business_status: Text,
  date_start: MaybeDay,
  date_termination: MaybeDay,
  d_date: MaybeDay,
  date_block: MaybeDay,
  is_blocked: Type.Boolean(),
  avatar: Text,
  /** Social links by network name. */
  social: Type.Record(Type.String(), Type.String()),
  is_start: MaybeDateTime,
  last_login_at: MaybeDateTime,
  created_at: DateTime,
  updated_at: DateTime,
  /** Filled only where the user's own networking record is shown (`GET /api/user`). */
  networking: Type.Null(),
});
