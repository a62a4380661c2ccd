/** The marketplace's shapes as the API answers them, and small helpers its screens share (docs/marketplace.md). */

export interface Price {
  id: number;
  format: string;
  currency: string;
  full_amount: number;
  amount: number;
}
export interface Program {
  id: number;
  school: { slug: string; title: string };
  title: string;
  title_en: string | null;
  short_description: string | null;
  full_description: string | null;
  language: string | null;
  skills: string[];
  knowledge: string[];
  requirements: string | null;
  duration: string | null;
  logo: string | null;
  category: { id: number; title_ru: string; title_en: string } | null;
  discount_percent: number;
  instalment_months: number[];
  prices: Price[];
  chapters?: { id: number; title: string; materials: { id: number; title: string; kind: string; demo: boolean }[]; quizzes: { id: number; title: string }[] }[];
  own_school?: boolean;
  purchase?: { id: number; status: string } | null;
}
export interface Meta {
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
}
export interface Category {
  id: number;
  title_ru: string;
  title_en: string;
}

export const FORMATS = ['full-time', 'blended', 'online'];
export const titleOf = (p: { title: string; title_en: string | null }, en: boolean) => (en && p.title_en ? p.title_en : p.title);
