import type { NetworkingLabels } from './networking.ru.ts';

/** The English of networking.ru.ts (the type-check fails when a key is missing or added). */
export const networkingLabelsEn: NetworkingLabels = {
  fields: {
    company: 'Company',
    position: 'Position',
    industry: 'Industry',
    city: 'City',
    native_language: 'Native language',
    labor_market: 'Labour market',
  },
  statuses: { global: 'Every school', local: 'Own school only', off: 'Nobody' },
  labor: { looking_job: 'Looking for a job', looking_employee: 'Looking for employees', is_hire: 'Hiring', is_owner: 'Business owner' },
  industries: {
    it: 'IT',
    finance: 'Finance',
    consulting: 'Consulting',
    manufacturing: 'Manufacturing',
    retail: 'Retail',
    education: 'Education',
    healthcare: 'Healthcare',
    energy: 'Energy',
    logistics: 'Logistics',
    media: 'Media',
    government: 'Public sector',
    other: 'Other',
  },
};
