// @vitest-environment jsdom
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Profiler } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { notifyTogether } from './notify-together.ts';

afterEach(cleanup);
// react-query's own scheduler again for the other test files of this worker
afterAll(() => notifyManager.setScheduler((run) => setTimeout(run, 0)));

/** Twelve components, each reading a query of its own that ends in the same turn (as the menu's access checks do). */
function Page() {
  return (
    <>
      {Array.from({ length: 12 }, (_, i) => (
        <Entry key={i} i={i} />
      ))}
    </>
  );
}
function Entry({ i }: { i: number }) {
  const { data } = useQuery({ queryKey: ['entry', i], queryFn: () => Promise.resolve(`entry ${i}`) });
  return <span>{data ?? '…'}</span>;
}

describe('react-query notices delivered together (admin/framework/notify-together.ts)', () => {
  it('delivers the notices due in one turn in one task, in the order they were due', async () => {
    const tasks: Array<() => void> = [];
    notifyTogether((run) => tasks.push(run));
    const seen: number[] = [];
    notifyManager.schedule(() => seen.push(1));
    notifyManager.schedule(() => seen.push(2));
    notifyManager.schedule(() => seen.push(3));
    expect(tasks).toHaveLength(1);
    tasks[0]();
    expect(seen).toEqual([1, 2, 3]);
    // a notice after the delivery starts a task of its own
    notifyManager.schedule(() => seen.push(4));
    expect(tasks).toHaveLength(2);
    tasks[1]();
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('makes the queries that end in the same turn one render of the page, not one each', async () => {
    notifyTogether();
    const together = await commitsWithProfiler();
    notifyManager.setScheduler((run) => setTimeout(run, 0));
    const apart = await commitsWithProfiler();
    expect(together.text).toBe(apart.text);
    expect(together.text).toContain('entry 11');
    // the first render, then one with every answer (react-query's default: one a query)
    expect(together.commits).toBe(2);
    expect(apart.commits).toBeGreaterThan(10);
  });
});

/** The page's commits counted with React's Profiler (onRender runs at each commit of the tree under it). */
async function commitsWithProfiler() {
  let commits = 0;
  const client = new QueryClient();
  const { container } = render(
    <Profiler id="page" onRender={() => commits++}>
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>
    </Profiler>,
  );
  await act(() => new Promise((r) => setTimeout(r, 20)));
  const text = container.textContent;
  cleanup();
  return { commits, text };
}
