// @vitest-environment jsdom
import { installMemoryStorage } from '../../common/testing/memory-storage.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, ListBase, useListContext } from 'react-admin';
import { startFakeApi } from '../../common/testing/fake-api.ts';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { resources } from '../resources/index.ts';
import { PER_PAGE } from '../framework/cells.tsx';
import { createAuthProvider } from './authProvider.ts';
import { createDataProvider } from './dataProvider.ts';
import { primeLanding } from './landing-answers.ts';

/**
 * The landing's first answers put in react-admin's query cache before its first render (landing-answers.ts): react-admin's
 * own list controller, with the real providers over an HTTP server standing in for the API, renders the rows in its
 * first render and asks nothing again.
 */
const store = installMemoryStorage();
let fake: Awaited<ReturnType<typeof startFakeApi>>;
let role = 'admin';
const programs = [
  { id: 2, title: 'Маркетинг' },
  { id: 1, title: 'Финансы' },
];

beforeAll(async () => {
  fake = await startFakeApi((req) => {
    if (req.url === '/api/access') return { status: 200, body: { data: { payment: true, message: false } } };
    if (req.url === '/api/user') return { status: 200, body: { data: { id: 1, login: role, name: 'A', surname: 'B', roles: [role], avatar: null } } };
    return { status: 200, body: { data: programs, meta: { total: 2, page: 1, per_page: PER_PAGE } } };
  });
});
afterAll(() => fake.close());
afterEach(cleanup);
beforeEach(() => {
  store.clear();
  fake.seen.length = 0;
  store.set(STORAGE_KEYS.token, 'staff');
  role = 'admin';
});

const listReads = () => fake.seen.filter((r) => r.url.startsWith('/admin/program')).length;
const courses = resources.find((r) => r.name === 'courses')!;

/** What each render of the list saw: the rows' titles, or "pending". */
function Rows({ seen }: { seen: string[] }) {
  const { data, isPending } = useListContext();
  seen.push(isPending ? 'pending' : (data ?? []).map((r) => r.title).join(', '));
  return <p>{isPending ? '…' : 'shown'}</p>;
}

async function renderLanding(client: QueryClient) {
  const auth = createAuthProvider(resources);
  const seen: string[] = [];
  render(
    <CoreAdminContext queryClient={client} authProvider={auth} dataProvider={createDataProvider(resources)}>
      <ListBase resource="courses" sort={courses.list.sort} perPage={PER_PAGE}>
        <Rows seen={seen} />
      </ListBase>
    </CoreAdminContext>,
  );
  await screen.findByText('shown');
  await new Promise((r) => setTimeout(r, 100)); // any read asked again on mount would be on its way by now
  return seen;
}

describe("the landing's first answers in react-admin's cache before its first render", () => {
  it('the list renders once, with its rows, and the rows are read once', async () => {
    const client = new QueryClient();
    await expect(primeLanding(client, createAuthProvider(resources), createDataProvider(resources), courses)).resolves.toBe(true);
    expect(listReads()).toBe(1);
    const seen = await renderLanding(client);
    // one render, with its rows: no render waiting for the sign-in, the access check or the rows, none after them
    expect(seen).toEqual(['Маркетинг, Финансы']);
    expect(listReads()).toBe(1);
  });

  it('without them react-admin asks the sign-in, the access and the rows one after the other, rendering between', async () => {
    const seen = await renderLanding(new QueryClient());
    expect(seen[0]).toBe('pending');
    expect(seen.at(-1)).toBe('Маркетинг, Финансы');
    expect(listReads()).toBe(1);
  });

  it('a student is not signed in to the back office: nothing is put in the cache', async () => {
    role = 'student';
    const client = new QueryClient();
    await expect(primeLanding(client, createAuthProvider(resources), createDataProvider(resources), courses)).resolves.toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(listReads()).toBe(0);
  });
});
