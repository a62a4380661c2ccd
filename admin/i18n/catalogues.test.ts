import { describe, expect, it } from 'vitest';
import { resources } from '../resources/index.ts';
import { messages } from '../providers/i18nProvider.ts';

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

  it.each(resources.filter((r) => r.messages).map((r) => [r.name, r] as const))('resource %s names the same keys in Russian and English', (_name, r) => {
    expect(keys(r.messages!.ru)).toEqual(keys(r.messages!.en));
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
