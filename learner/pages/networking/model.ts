import type { Cities, Countries } from '../../../common/api/types/info.ts';
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
export type { Card, MyRecord as Record_, SearchPage as Page } from '../../../common/api/types/networking.ts';
export type Country = Countries['data'][number];
export type City = Cities['data'][number];

export const title = (x: { title_ru: string; title_en: string }) => (getLang() === 'en' ? x.title_en : x.title_ru);
export const cityOf = (c: { city: string | null; city_en?: string | null }) => (getLang() === 'en' ? (c.city_en ?? c.city) : c.city);

export const one = (v: string) => (v ? [v] : undefined);
