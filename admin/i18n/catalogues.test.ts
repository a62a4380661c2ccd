import { describe, expect, it } from 'vitest';
import { resources } from '../resources/index.ts';
import { allMessages } from '../providers/i18nProvider.ts';
import { catalogue as ruCatalogue } from './catalogue.ru.ts';
import { catalogue as enCatalogue } from './catalogue.en.ts';

const messages = await allMessages();

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t)
    .flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)))
    .sort();

describe('back-office catalogues', () => {
  it('has every text in both languages', () => {
    // react-admin's own `ra.*` texts come from its language packs; ours must match one for one.
    const own = (t: unknown) => keys(t as Tree).filter((k) => !k.startsWith('ra.'));
    expect(own(messages.ru)).toEqual(own(messages.en));
  });

  it.each(Object.keys(ruCatalogue.own))("resource module %s's texts name the same keys in Russian and English", (name) => {
    const own = (c: typeof ruCatalogue) => c.own[name as keyof typeof c.own] as Tree;
    expect(keys(own(ruCatalogue))).toEqual(keys(own(enCatalogue)));
  });

  it('holds one catalogue of each language per resource module with texts', () => {
    expect(Object.keys(enCatalogue.own)).toEqual(Object.keys(ruCatalogue.own));
    expect(Object.keys(ruCatalogue.own)).toHaveLength(Object.keys(import.meta.glob('../resources/*/messages.ru.ts')).length);
    expect(Object.keys(import.meta.glob('../resources/*/messages.en.ts'))).toHaveLength(Object.keys(ruCatalogue.own).length);
  });

  it('comes with the error catalogue of its language', () => {
    expect(keys(ruCatalogue.errors as unknown as Tree)).toEqual(keys(enCatalogue.errors as unknown as Tree));
    expect((messages.ru as unknown as { errors: Tree }).errors.SERVER_ERROR).toEqual(ruCatalogue.errors.SERVER_ERROR);
    expect((messages.en as unknown as { errors: Tree }).errors.SERVER_ERROR).toEqual(enCatalogue.errors.SERVER_ERROR);
  });

  it('names every resource and every field of its configuration in both languages', () => {
    for (const lang of ['ru', 'en'] as const) {
      const res = (messages[lang] as unknown as { resources: Tree }).resources;
      for (const r of resources) {
        const own = res[r.name] as Tree | undefined;
        expect(own?.name, `${lang}: resources.${r.name}.name`).toBeTypeOf('string');
        for (const f of r.fields) expect((own?.fields as Tree | undefined)?.[f.source], `${lang}: resources.${r.name}.fields.${f.source}`).toBeTypeOf('string');
      }
    }
  });
});
