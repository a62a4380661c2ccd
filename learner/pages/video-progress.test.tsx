// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { startFakeApi, type SeenRequest } from '../../common/testing/fake-api.ts';
import { playedShare, useVideoProgress } from './video-progress.ts';

/** `played` as a browser keeps it: the parts of the video that were actually played. */
const ranges = (parts: [number, number][]) => ({ length: parts.length, start: (i: number) => parts[i][0], end: (i: number) => parts[i][1] }) as TimeRanges;

function Player({ id }: { id: number }) {
  const ref = useRef<HTMLVideoElement>(null);
  useVideoProgress(ref, id);
  return (
    <video ref={ref} data-testid="v">
      <track kind="captions" />
    </video>
  );
}

describe('the video player reports how much was played', () => {
  let fake: Awaited<ReturnType<typeof startFakeApi>>;
  let seen: SeenRequest[];
  beforeAll(async () => {
    fake = await startFakeApi(() => ({ status: 200, body: { data: {} } }));
    seen = fake.seen;
  });
  afterAll(() => fake.close());

  it('counts only the parts played, not where the viewer jumped to', () => {
    expect(
      playedShare({
        duration: 600,
        played: ranges([
          [0, 120],
          [300, 360],
        ]),
      }),
    ).toBe(30);
    expect(playedShare({ duration: 300, played: ranges([[0, 50]]) })).toBe(16.7);
    // metadata not loaded yet: nothing to report
    expect(playedShare({ duration: Number.NaN, played: ranges([[0, 10]]) })).toBe(0);
  });

  it('sends the share on pause and when the page is left, once per new figure', async () => {
    const { getByTestId, unmount } = render(<Player id={42} />);
    const v = getByTestId('v') as HTMLVideoElement;
    let played = ranges([[0, 150]]);
    Object.defineProperty(v, 'duration', { get: () => 600 });
    Object.defineProperty(v, 'played', { get: () => played });
    Object.defineProperty(v, 'currentTime', { get: () => 150, set: () => undefined });
    v.dispatchEvent(new Event('pause'));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/media/42/progress' });
    expect(JSON.parse(seen[0].body)).toEqual({ watched: 25, position: 150, duration: 600 });
    // the same figure again is not sent; more played is, when the viewer leaves the page
    v.dispatchEvent(new Event('pause'));
    played = ranges([[0, 300]]);
    unmount();
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(JSON.parse(seen[1].body)).toMatchObject({ watched: 50 });
    cleanup();
  });
});
