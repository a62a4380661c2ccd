// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import i18n, { changeLanguage, i18nReady } from './i18n.ts';
import { useTranslation } from 'react-i18next';

await i18nReady;
afterEach(cleanup);

/** Shows a text of the entry's catalogue and counts the `t` functions it was given. */
const given = new Set<unknown>();
function Label() {
  const { t, i18n: instance } = useTranslation();
  useEffect(() => void given.add(t), [t]);
  return (
    <p data-testid="label" lang={instance.language}>
      {t('lang.label')}
    </p>
  );
}

describe("react-i18next's useTranslation over the portal's i18next (learner/i18n.ts)", () => {
  it('renders in the interface language, again when it changes, with a new t each time the language does', async () => {
    expect(i18n.language).toBe('ru');
    render(<Label />);
    const ru = screen.getByTestId('label').textContent;
    expect(ru).toBe(i18n.getFixedT('ru')('lang.label'));
    expect(given.size).toBe(1);

    act(() => changeLanguage('en'));
    await waitFor(() => expect(screen.getByTestId('label').getAttribute('lang')).toBe('en'));
    expect(screen.getByTestId('label').textContent).toBe(i18n.getFixedT('en')('lang.label'));
    expect(screen.getByTestId('label').textContent).not.toBe(ru);
    expect(given.size).toBe(2);

    act(() => changeLanguage('ru'));
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe(ru));
  });

  it('stops listening once the component is gone', () => {
    const on = vi.spyOn(i18n, 'on');
    const off = vi.spyOn(i18n, 'off');
    const { unmount } = render(<Label />);
    const listener = on.mock.calls.find(([event]) => event === 'languageChanged')?.[1];
    expect(listener).toBeTypeOf('function');
    expect(off).not.toHaveBeenCalled();
    unmount();
    expect(off).toHaveBeenCalledWith('languageChanged', listener);
    on.mockRestore();
    off.mockRestore();
  });
});
