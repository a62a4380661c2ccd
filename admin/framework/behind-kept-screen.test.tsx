// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useSyncExternalStore } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { useBehindKeptScreen } from './behind-kept-screen.tsx';
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
