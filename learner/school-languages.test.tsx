// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';

vi.hoisted(() => localStorage.setItem('lang', 'en'));

import { i18nReady } from './i18n.ts';
import { startFakeApi } from '../common/testing/fake-api.ts';
import { forgetSchoolLanguages } from '../common/i18n/school-languages.ts';
import { Switches } from './components/Switches.tsx';

await i18nReady;

/**
 * The portal's language switch offers the school's interface languages only (`GET /api/logo` answers them, the default
 * first), against a real HTTP server of the test's own: the school's order; the language in use stays offered when
 * the school does not have it (the user can move to the school's); no switch for a school of one language in use; every
 * language when the answer cannot be had.
 */
let fake: Awaited<ReturnType<typeof startFakeApi>>;
let languages: unknown = ['ru', 'en'];
let fail = false;

beforeAll(async () => {
  fake = await startFakeApi(() => (fail ? { status: 500, body: { name: 'SERVER_ERROR' } } : { status: 200, body: { data: { url: null, title: 'Demo', languages } } }));
});
afterAll(() => fake.close());
afterEach(() => {
  cleanup();
  forgetSchoolLanguages();
  fake.seen.length = 0;
  fail = false;
});

/** The switch's options once the school's answer is in, or null when there is no switch. */
async function optionsShown() {
  render(<Switches />);
  await waitFor(() => expect(fake.seen.map((r) => r.url)).toContain('/api/logo'));
  await new Promise((r) => setTimeout(r, 50));
  const select = screen.queryByTestId('lang-switch') as HTMLSelectElement | null;
  return select ? [...select.options].map((o) => [o.value, o.textContent]) : null;
}

describe('the language switch', () => {
  it("offers the school's languages in its order", async () => {
    languages = ['en', 'ru'];
    expect(await optionsShown()).toEqual([
      ['en', 'English'],
      ['ru', 'Русский'],
    ]);
  });

  it('shows no switch for a school of one language, the one in use', async () => {
    languages = ['en'];
    expect(await optionsShown()).toBeNull();
  });

  it("keeps the language in use after the school's when the school does not offer it; drops languages the apps do not have", async () => {
    languages = ['ru', 'de'];
    expect((await optionsShown())?.map(([v]) => v)).toEqual(['ru', 'en']);
  });

  it('offers every language when the school cannot be asked', async () => {
    fail = true;
    expect((await optionsShown())?.map(([v]) => v)).toEqual(['ru', 'en']);
  });
});
