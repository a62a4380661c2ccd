import { describe, expect, it } from 'vitest';
import { resources } from '../resources/index.ts';
import { allMessages } from '../providers/i18nProvider.ts';

const messages = (await allMessages()) as unknown as Record<'ru' | 'en', { resources: Record<string, { page?: { create?: string }; fields?: object }> }>;

describe('page titles (issue 29)', () => {
  it('every create screen has its own title in both languages, never react-admin\'s "Создать %{name}"', () => {
    const withCreate = resources.filter((r) => r.roles.create?.length).map((r) => r.name);
    expect(withCreate.length).toBeGreaterThan(10);
    for (const lang of ['ru', 'en'] as const)
      for (const name of withCreate) {
        const title = messages[lang].resources[name]?.page?.create;
        expect(title, `${lang} ${name}`).toBeTruthy();
        expect(title).not.toMatch(/Создать|Create/);
      }
    expect(messages.ru.resources.users.page?.create).toBe('Новый пользователь');
    expect(messages.en.resources.users.page?.create).toBe('New user');
  });

  it('every configured edit screen names its record: a representation, or a title of its own', () => {
    const bare = resources.filter((r) => (r.roles.edit === undefined || r.roles.edit.length > 0) && !r.screens?.edit && !r.recordRepresentation).map((r) => r.name);
    for (const lang of ['ru', 'en'] as const) for (const name of bare) expect((messages[lang].resources[name]?.page as { edit?: string })?.edit, `${lang} ${name}`).toBeTruthy();
  });

  it('a resource keeps its own texts beside its title', () => {
    expect(messages.ru.resources.users.fields).toMatchObject({ login: 'Логин' });
    expect(messages.ru.resources.courses.fields).toMatchObject({ title: 'Название' });
  });
});
