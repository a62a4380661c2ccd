import { describe, expect, it } from 'vitest';
import type { MessageTree, Messages } from './types.ts';

/**
 * The check is the type-check (`npm run typecheck`): each resource's `messages.en.ts` writes
 * `export const en = { … } satisfies Messages<typeof ru>` (the `ru` of its `messages.ru.ts`), so an English catalogue that lacks a Russian key, or names
 * one the Russian does not have, does not compile. The `@ts-expect-error` lines below fail the type-check the day that
 * stops being true.
 */
const ru = { resources: { demo: { name: 'Пример |||| Примеры', fields: { title: 'Название' } } }, demo: { saved: 'Сохранено' } } satisfies MessageTree;

const en = { resources: { demo: { name: 'Example |||| Examples', fields: { title: 'Title' } } }, demo: { saved: 'Saved' } } satisfies Messages<typeof ru>;

// @ts-expect-error a missing key (demo.saved) does not compile
const missing = { resources: { demo: { name: 'Example |||| Examples', fields: { title: 'Title' } } }, demo: {} } satisfies Messages<typeof ru>;

// @ts-expect-error a key the Russian catalogue does not have does not compile
const extra = { resources: { demo: { name: 'Example |||| Examples', fields: { title: 'Title', body: 'Text' } } }, demo: { saved: 'Saved' } } satisfies Messages<typeof ru>;

// @ts-expect-error a text where Russian has a branch does not compile
const flat = { resources: 'Examples', demo: { saved: 'Saved' } } satisfies Messages<typeof ru>;

describe('per-resource catalogues are typed by the Russian one', () => {
  it('compiles only when English names exactly the Russian keys (see the type-check)', () => {
    expect(Object.keys(en)).toEqual(Object.keys(ru));
    expect([missing, extra, flat]).toHaveLength(3);
  });
});
