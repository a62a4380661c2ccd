// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLoad } from './components/ui.tsx';

/** A load the test finishes by hand, remembering the signal it was given. */
function deferred() {
  const calls: { key: string; signal: AbortSignal; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const load = (key: string) => (signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ key, signal, resolve, reject }));
  return { calls, load };
}

function Probe({ k, load }: { k: string; load: (key: string) => (signal: AbortSignal) => Promise<string> }) {
  const { data, error, loading, reload } = useLoad(load(k), [k]);
  return (
    <div>
      <span data-testid="data">{data ?? '-'}</span>
      <span data-testid="state">{loading ? 'loading' : error ? 'error' : 'ready'}</span>
      <button onClick={reload}>reload</button>
    </div>
  );
}

afterEach(cleanup);

describe('useLoad', () => {
  it('a late answer of a replaced load never overwrites the fresh one, and its call is aborted', async () => {
    const d = deferred();
    const { rerender } = render(<Probe k="september" load={d.load} />);
    rerender(<Probe k="november" load={d.load} />);
    expect(d.calls.map((c) => c.key)).toEqual(['september', 'november']);
    expect(d.calls[0].signal.aborted).toBe(true);
    await act(async () => d.calls[1].resolve('november events'));
    await act(async () => d.calls[0].resolve('september events'));
    expect(screen.getByTestId('data').textContent).toBe('november events');
    expect(screen.getByTestId('state').textContent).toBe('ready');
  });

  it('shows the error state, and reload keeps the data on screen while it refreshes', async () => {
    const d = deferred();
    render(<Probe k="a" load={d.load} />);
    expect(screen.getByTestId('state').textContent).toBe('loading');
    await act(async () => d.calls[0].resolve('first'));
    await act(async () => screen.getByText('reload').click());
    expect(screen.getByTestId('data').textContent).toBe('first');
    expect(screen.getByTestId('state').textContent).toBe('loading');
    await act(async () => d.calls[1].reject(new Error('down')));
    expect(screen.getByTestId('state').textContent).toBe('error');
  });
});
