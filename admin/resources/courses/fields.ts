import type { FieldConfig, ResourceConfig } from '../../framework/types.ts';
import { ADMINS as SCHOOL_ADMINS } from '../../../common/access/roles.ts';

const currencies = ['RUB', 'USD', 'EURO'].map((id) => ({ id, name: id }));
const text = (source: string, maxLength = 255): FieldConfig => ({ source, type: 'text', maxLength });
const num = (source: string): FieldConfig => ({ source, type: 'number' });

/** Every field of a program, the marketplace fields included. */
export const fields: FieldConfig[] = [
  { source: 'id', type: 'number', sortable: true },
  { ...text('title'), required: true, sortable: true },
  text('title_en'),
  text('technical_name'),
  text('main_name'),
  text('documents_title'),
  num('days_to_study'),
  num('ects'),
  { source: 'payment_currency', type: 'select', choices: currencies },
  { source: 'extra_currency', type: 'select', choices: currencies },
  num('consulting_count'),
  num('consulting_days'),
  { source: 'description', type: 'textarea', maxLength: 20000 },
  { source: 'short_description', type: 'text', maxLength: 120 },
  { source: 'full_description', type: 'textarea', maxLength: 20000 },
  {
    source: 'language',
    type: 'select',
    choices: [
      { id: 'ru', name: 'Русский' },
      { id: 'en', name: 'English' },
    ],
  },
  { source: 'requirements', type: 'textarea', maxLength: 5000 },
  { source: 'skills', type: 'lines' },
  { source: 'knowledge', type: 'lines' },
  { source: 'logo', type: 'text', maxLength: 1000 },
  text('duration', 100),
  text('category', 100),
  num('price'),
  num('discount_price'),
  {
    source: 'format',
    type: 'select',
    choices: [
      { id: 'full-time', name: 'formats.full-time' },
      { id: 'blended', name: 'formats.blended' },
      { id: 'online', name: 'formats.online' },
    ],
  },
  { source: 'trainer_ids', type: 'references', reference: 'users', referenceFilter: { role: 'trainer' }, optionText: 'login', roles: SCHOOL_ADMINS },
  { source: 'created_at', type: 'date', sortable: true },
];

/** Form tabs (the generated create screen and the program's edit screen). */
export const form: NonNullable<ResourceConfig['form']> = [
  { label: 'tabs.main', fields: ['title', 'title_en', 'technical_name', 'main_name', 'documents_title', 'description', 'trainer_ids'] },
  { label: 'tabs.study', fields: ['days_to_study', 'ects', 'consulting_count', 'consulting_days', 'format', 'payment_currency', 'extra_currency'] },
  { label: 'tabs.marketplace', fields: ['short_description', 'full_description', 'language', 'requirements', 'skills', 'knowledge', 'duration', 'category', 'price', 'discount_price', 'logo'] },
];
