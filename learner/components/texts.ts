import i18n from '../i18n.ts';

/**
 * Texts of the shared pieces in learner/components (the school's footer and terms, the file buttons), under their
 * own top-level key `school`, added to both languages when the components load: they are in every page's chunk
 * that uses them, and no other catalogue merge can replace them. Same keys in both languages (checked by the type).
 */
export const schoolRu = {
  social: 'Школа в сети',
  links: { site: 'Сайт школы', vk: 'ВКонтакте', telegram: 'Telegram', whatsapp: 'WhatsApp', youtube: 'YouTube', linkedin: 'LinkedIn', facebook: 'Facebook', instagram: 'Instagram' },
  files: { choose: 'Выбрать файл', choose_many: 'Выбрать файлы', none: 'Файл не выбран', chosen: 'Выбрано: {{names}}' },
  terms: 'Условия обучения',
  durations: 'Срок обучения по форматам',
  duration: '{{format}}: {{months}} мес.',
  instalments: 'Рассрочка платежей: на {{list}} мес.',
  formats: { 'full-time': 'Очно', blended: 'Смешанный формат', online: 'Онлайн' } as Record<string, string>,
};
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends Record<string, string> ? Record<string, string> : Texts<T[K]> };
export const schoolEn: Texts<typeof schoolRu> = {
  social: 'The school online',
  links: { site: 'School website', vk: 'VK', telegram: 'Telegram', whatsapp: 'WhatsApp', youtube: 'YouTube', linkedin: 'LinkedIn', facebook: 'Facebook', instagram: 'Instagram' },
  files: { choose: 'Choose a file', choose_many: 'Choose files', none: 'No file chosen', chosen: 'Chosen: {{names}}' },
  terms: 'Terms of study',
  durations: 'Length of study by format',
  duration: '{{format}}: {{months}} months',
  instalments: 'Pay in instalments over {{list}} months',
  formats: { 'full-time': 'Full-time', blended: 'Blended', online: 'Online' },
};

i18n.addResourceBundle('ru', 'translation', { school: schoolRu }, true, true);
i18n.addResourceBundle('en', 'translation', { school: schoolEn }, true, true);
