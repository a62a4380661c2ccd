// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Profiler, useSyncExternalStore } from 'react';
import { CoreAdminContext, useListContext, type DataProvider } from 'react-admin';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { ListBehindKeptScreen, useBehindKeptScreen } from './behind-kept-screen.tsx';
import { KEPT_SCREEN_HOST_ID } from './kept-screen.ts';

afterEach(() => {
  cleanup();
  document.getElementById(KEPT_SCREEN_HOST_ID)?.remove();
});

/** A store that tells of its changes as react-query does: through `useSyncExternalStore`, which React renders at once. */
function store(first: string) {
  let value = first;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: string) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/** What a component under the kept landing renders, render by render: each value it rendered with, in order. */
function renderings(answers: ReturnType<typeof store>, initial?: string | null) {
  const rendered: Array<string | null | undefined> = [];
  function Shown() {
    const value = useSyncExternalStore(answers.subscribe, answers.get);
    const shown = useBehindKeptScreen<string | null>(value, initial);
    rendered.push(shown);
    return <p>{shown}</p>;
  }
  const view = render(<Shown />);
  return { rendered, text: () => view.container.textContent };
}

function showKeptLanding() {
  const host = document.createElement('div');
  host.id = KEPT_SCREEN_HOST_ID;
  document.body.append(host);
  return host;
}

describe('the live screen behind the kept landing (admin/framework/behind-kept-screen.tsx)', () => {
  it('renders an answer first with the last value, then with the new one in a render of its own', async () => {
    showKeptLanding();
    const answers = store('loading');
    const { rendered, text } = renderings(answers);
    expect(rendered).toEqual(['loading']);
    await act(async () => answers.set('rows'));
    // the store's urgent render keeps what was on show; the background render brings the answer
    expect(rendered).toEqual(['loading', 'loading', 'rows']);
    expect(text()).toBe('rows');
  });

  it('mounts with the initial value under the picture, and then with the live one', async () => {
    showKeptLanding();
    const { rendered, text } = renderings(store('layout'), null);
    await act(async () => undefined);
    expect(rendered).toEqual([null, 'layout']);
    expect(text()).toBe('layout');
  });

  it('renders each answer at once when no picture is on show, or once it has given way', async () => {
    const host = showKeptLanding();
    const answers = store('loading');
    const { rendered } = renderings(answers, null);
    await act(async () => undefined);
    expect(rendered).toEqual([null, 'loading']);
    host.remove();
    await act(async () => answers.set('rows'));
    // the answer's own render shows it (React may render once more in the background, with the same)
    expect(rendered.slice(0, 3)).toEqual([null, 'loading', 'rows']);
    expect(new Set(rendered.slice(2))).toEqual(new Set(['rows']));

    cleanup();
    const apart = renderings(store('layout'), null);
    const again = store('loading');
    const later = renderings(again);
    await act(async () => again.set('rows'));
    expect(apart.rendered).toEqual(['layout']);
    expect(later.rendered).toEqual(['loading', 'rows']);
  });
});

/** What a list's view shows under the kept landing, and the commits of the page around it, in the order they happen. */
async function listTimeline(picture: boolean) {
  if (picture) showKeptLanding();
  const events: string[] = [];
  let answer: (rows: { id: number }[]) => void = () => undefined;
  let asked: () => void = () => undefined;
  const read = new Promise<void>((resolve) => (asked = resolve));
  const dataProvider = {
    getList: () =>
      new Promise((resolve) => {
        answer = (rows) => resolve({ data: rows, total: rows.length });
        asked();
      }),
  } as unknown as DataProvider;
  function Rows() {
    const { data, isPending } = useListContext();
    events.push(isPending ? 'rows: pending' : `rows: ${data?.length}`);
    return null;
  }
  render(
    <Profiler id="page" onRender={() => events.push('commit')}>
      <CoreAdminContext dataProvider={dataProvider}>
        <ListBehindKeptScreen resource="courses" actions={false} pagination={false} disableSyncWithLocation>
          <Rows />
        </ListBehindKeptScreen>
      </CoreAdminContext>
    </Profiler>,
  );
  await act(() => read);
  // the view's own mount and renders done before the answer comes
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  events.push('answered');
  await act(async () => answer([{ id: 1 }, { id: 2 }]));
  await waitFor(() => expect(events).toContain('rows: 2'));
  // what happened from the answer to the rows' render
  return events.slice(events.indexOf('answered') + 1, events.indexOf('rows: 2') + 1);
}

describe("the generic list's view behind the kept landing (ListBehindKeptScreen)", () => {
  it('renders the list’s answer in a commit after the one its read ended in, while the picture is on show', async () => {
    // the read's own (urgent) render commits without the view's rows; a background render of its own brings them
    const timeline = await listTimeline(true);
    expect(timeline).toContain('commit');
    expect(timeline.at(-1)).toBe('rows: 2');
  });

  it('renders it in the commit its read ended in once there is no picture', async () => {
    expect(await listTimeline(false)).toEqual(['rows: 2']);
  });
});
