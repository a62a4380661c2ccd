import { getLang } from '../../../common/i18n/lang.ts';

/** Networking's choices, the shapes the API answers with, and small helpers shared by its screens (docs/networking.md). */

export const STATUSES = ['global', 'local', 'off'] as const;
export const CONTACTS = ['email', 'phone', 'telegram', 'social'] as const;
export const LABOR = ['looking_job', 'looking_employee', 'is_hire', 'is_owner'] as const;
export const INDUSTRIES = ['it', 'finance', 'consulting', 'manufacturing', 'retail', 'education', 'healthcare', 'energy', 'logistics', 'media', 'government', 'other'] as const;
export const MARITAL = ['single', 'married', 'partner', 'other'] as const;
export const LANGUAGES = ['ru', 'en', 'de', 'fr', 'es', 'kk', 'uz', 'zh'] as const;
export const TEXT_FIELDS = ['company', 'position', 'skills', 'hobbies', 'education', 'about', 'additionally', 'pet', 'telegram'] as const;
export const LONG = new Set(['about', 'education', 'additionally', 'skills']);

export type Status = (typeof STATUSES)[number];
export interface Record_ {
  status: Status;
  shown_contacts: string[];
  [k: string]: unknown;
}
export interface Card {
  id: number;
  domain: string;
  school: string;
  status: Status;
  name: string;
  surname: string;
  avatar: string | null;
  city: string | null;
  city_en?: string | null;
  company: string | null;
  position: string | null;
  industry: string | null;
  looking_job: boolean;
  looking_employee: boolean;
  is_hire: boolean;
  is_owner: boolean;
}
export interface Page {
  data: Card[];
  meta: { current_page: number; last_page: number; total: number };
}
export interface Country {
  country_id: number;
  title_ru: string;
  title_en: string;
}
export interface City {
  city_id: number;
  title_ru: string;
  title_en: string;
}

export const title = (x: { title_ru: string; title_en: string }) => (getLang() === 'en' ? x.title_en : x.title_ru);
export const cityOf = (c: { city: string | null; city_en?: string | null }) => (getLang() === 'en' ? (c.city_en ?? c.city) : c.city);

export const one = (v: string) => (v ? [v] : undefined);
