// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { allMessages } from '../../providers/i18nProvider.ts';
import { PLACEHOLDER_TEXTS, PLACEHOLDERS as SHARED } from '../../../common/templates/placeholders.ts';
import { PLACEHOLDERS as SERVER, assertKnownPlaceholders } from '../../../server/modules/templates/placeholders.ts';
import { PLACEHOLDERS as SHOWN, TemplatePlaceholders } from './Placeholders.tsx';

afterEach(cleanup);
const messages = await allMessages();

/**
 * One list of template placeholders (common/templates/placeholders.ts): the server accepts exactly what the back
 * office shows beside the template form, each with what it becomes in the admin's language.
 */
describe('template placeholders: one list for the server and the back office', () => {
  it('the server and the back office read the same list', () => {
    expect(SERVER).toBe(SHARED);
    expect(SHOWN).toBe(SHARED);
    expect(new Set(SHARED).size).toBe(SHARED.length);
  });

  it('every placeholder the back office offers is one the server accepts, and no other is', () => {
    expect(() => assertKnownPlaceholders(SHARED.map((p) => `{{${p}}}`).join(' '))).not.toThrow();
    expect(() => assertKnownPlaceholders('{{surname}}')).toThrow(/Unknown placeholders/);
  });

  it.each(['ru', 'en'] as const)('(%s) the aside lists every placeholder the server accepts with its description', (lang) => {
    render(
      <I18nContextProvider value={polyglotI18nProvider(() => messages[lang], lang)}>
        <TemplatePlaceholders />
      </I18nContextProvider>,
    );
    const aside = screen.getByTestId('template-placeholders');
    for (const p of SERVER) {
      expect(aside.textContent).toContain(`{{${p}}}`);
      expect(PLACEHOLDER_TEXTS[lang][p].length).toBeGreaterThan(2);
      expect(screen.getByText(PLACEHOLDER_TEXTS[lang][p])).toBeTruthy();
    }
    expect(aside.querySelectorAll('code')).toHaveLength(SERVER.length);
  });
});
