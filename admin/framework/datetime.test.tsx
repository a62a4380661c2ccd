// @vitest-environment jsdom
// The viewer's time zone of these tests: Moscow (UTC+3, no summer time), so that local and UTC differ.
process.env.TZ = 'Europe/Moscow';

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Admin, memoryStore, type DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { allMessages } from '../providers/i18nProvider.ts';
import { buildResource } from './buildResource.tsx';
import { dateTimeFormat, dateTimeParse, isInstant, notBefore } from './inputs.tsx';
import type { ResourceConfig } from './types.ts';

afterEach(cleanup);
const messages = await allMessages();

describe("date-time fields: typed DD.MM.YYYY hh:mm in the viewer's time zone, kept and sent as ISO 8601 UTC", () => {
  it('shows a stored instant as local text (value in)', () => {
    expect(dateTimeFormat('2026-11-24T07:05:00.000Z')).toBe('24.11.2026 10:05');
    expect(dateTimeFormat('2026-12-31T21:30:00Z')).toBe('01.01.2027 00:30');
    expect(dateTimeFormat(null)).toBe('');
  });

  it('turns typed text into the UTC instant (ISO out), keeps incomplete or impossible text so that validation refuses it', () => {
    expect(dateTimeParse('24.11.2026 10:05')).toBe('2026-11-24T07:05:00.000Z');
    expect(dateTimeParse(' 01.01.2027 0:30 ')).toBe('2026-12-31T21:30:00.000Z');
    expect(dateTimeParse('24.11.2026')).toBe('2026-11-23T21:00:00.000Z');
    expect(dateTimeParse('')).toBeNull();
    for (const bad of ['24.11.20', '31.02.2026 10:00', '24.11.2026 25:00']) {
      expect(dateTimeParse(bad)).toBe(bad);
      expect(isInstant(dateTimeParse(bad), {}, {} as never)).toBe('validation.date');
    }
    expect(isInstant('2026-11-24T07:05:00.000Z', {}, {} as never)).toBeUndefined();
  });

  it('refuses an end before the start', () => {
    const v = notBefore('starts_at');
    expect(v('2026-11-24T06:00:00.000Z', { starts_at: '2026-11-24T07:00:00.000Z' }, {} as never)).toBe('validation.after_start');
    expect(v('2026-11-24T07:00:00.000Z', { starts_at: '2026-11-24T07:00:00.000Z' }, {} as never)).toBeUndefined();
  });
});

/** A small resource on a fake API that records what it is sent. */
function setup(lang: 'ru' | 'en', cfg: Partial<ResourceConfig['list']> = {}, path = '/events') {
  const sent: Record<string, unknown>[] = [];
  const rows = [{ id: 1, title: 'Вебинар', starts_at: '2026-11-24T07:05:00.000Z', ends_at: '2026-11-24T08:05:00.000Z' }];
  const dataProvider = {
    getList: async () => ({ data: rows, total: rows.length }),
    getOne: async () => ({ data: rows[0] }),
    getMany: async () => ({ data: rows }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: async (_r: string, p: { data: Record<string, unknown> }) => {
      sent.push(p.data);
      return { data: { id: 2, ...p.data } };
    },
    update: async (_r: string, p: { data: Record<string, unknown> }) => {
      sent.push(p.data);
      return { data: p.data };
    },
    updateMany: async () => ({ data: [] }),
    delete: async () => ({ data: rows[0] }),
    deleteMany: async () => ({ data: [] }),
  } as unknown as DataProvider;
  const config: ResourceConfig = {
    name: 'events',
    apiPath: '/events',
    roles: { list: ['admin'], create: ['admin'], edit: ['admin'] },
    fields: [
      { source: 'id', type: 'number' },
      { source: 'title', type: 'text', required: true },
      { source: 'starts_at', type: 'datetime', required: true },
      { source: 'ends_at', type: 'datetime', notBefore: 'starts_at' },
    ],
    list: { columns: ['id', 'title', 'starts_at'], ...cfg },
    form: [{ label: 'tabs.main', fields: ['title', 'starts_at', 'ends_at'] }],
  };
  const i18n = polyglotI18nProvider(() => messages[lang], lang);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={i18n} store={memoryStore()}>
        {buildResource(config)}
      </Admin>
    </MemoryRouter>,
  );
  return { sent };
}

describe('date-time fields on generated screens', () => {
  it.each([
    ['ru', 'ДД.ММ.ГГГГ чч:мм'],
    ['en', 'DD.MM.YYYY hh:mm'],
  ] as const)('(%s) list cell in DD.MM.YYYY and local time; the create form sends the UTC instant', async (lang, placeholder) => {
    const { sent } = setup(lang);
    expect(await screen.findByText(/^24\.11\.2026 10:05/)).toBeTruthy();
    cleanup();
    const second = setup(lang, {}, '/events/create');
    const start = (await screen.findAllByPlaceholderText(placeholder))[0] as HTMLInputElement;
    fireEvent.change(screen.getAllByRole('textbox')[0], { target: { value: 'Консультация' } });
    fireEvent.change(start, { target: { value: '24.11.2026 10:05' } });
    fireEvent.click(screen.getByRole('button', { name: lang === 'ru' ? /Сохранить/ : /Save/ }));
    await waitFor(() => expect(second.sent).toHaveLength(1));
    expect(second.sent[0]).toMatchObject({ title: 'Консультация', starts_at: '2026-11-24T07:05:00.000Z' });
    expect(sent).toHaveLength(0);
  });

  it('an end before the start is refused on the form, in the interface language', async () => {
    const { sent } = setup('en', {}, '/events/create');
    const [start, end] = (await screen.findAllByPlaceholderText('DD.MM.YYYY hh:mm')) as HTMLInputElement[];
    fireEvent.change(screen.getAllByRole('textbox')[0], { target: { value: 'Webinar' } });
    fireEvent.change(start, { target: { value: '24.11.2026 10:05' } });
    fireEvent.change(end, { target: { value: '24.11.2026 09:00' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('The end cannot be before the start')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

describe('list.actions', () => {
  const Import = () => <button type="button">Import users</button>;

  it('puts the extra buttons in the top toolbar beside create and export', async () => {
    setup('en', { actions: [Import] });
    expect(await screen.findByRole('button', { name: 'Import users' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
  });

  it('without list.actions the toolbar has no extra button; export: false drops the export button', async () => {
    setup('en');
    await screen.findByText('Вебинар');
    expect(screen.queryByRole('button', { name: 'Import users' })).toBeNull();
    cleanup();
    setup('en', { actions: [Import], export: false });
    expect(await screen.findByRole('button', { name: 'Import users' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
