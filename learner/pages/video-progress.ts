import { type RefObject, useEffect } from 'react';
import { api } from '../../common/api/client.ts';

/** How much of a media element has been played, as a share of its length (0–100): seeking past a part does not count. */
export function playedShare(v: Pick<HTMLMediaElement, 'duration' | 'played'>): number {
  const d = v.duration;
  if (!Number.isFinite(d) || d <= 0) return 0;
  let played = 0;
  for (let i = 0; i < v.played.length; i++) played += v.played.end(i) - v.played.start(i);
  return Math.min(100, Math.round((played / d) * 1000) / 10);
}

/** While playing, the share is sent at most this often; pausing, the end, hiding the page and leaving send it at once. */
export const PROGRESS_EVERY_MS = 15_000;

/**
 * Reports the video's progress to the server (`PUT /api/media/{id}/progress`, docs/reports.md "Video watched %"), which
 * keeps the day's largest share for the media activity report. Quiet: a failed report does not disturb the learner.
 */
export function useVideoProgress(ref: RefObject<HTMLVideoElement | null>, mediaId: number | undefined) {
  useEffect(() => {
    const v = ref.current;
    if (!v || !mediaId) return;
    let sent = -1;
    let sentAt = 0;
    const send = () => {
      const watched = playedShare(v);
      if (watched <= 0 || watched === sent) return;
      sent = watched;
      sentAt = Date.now();
      api(`/api/media/${mediaId}/progress`, { method: 'PUT', body: { watched, position: v.currentTime, duration: v.duration } }).catch(() => undefined);
    };
    const onTime = () => {
      if (Date.now() - sentAt >= PROGRESS_EVERY_MS) send();
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') send();
    };
    v.addEventListener('timeupdate', onTime);
    v.addEventListener('pause', send);
    v.addEventListener('ended', send);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      v.removeEventListener('timeupdate', onTime);
      v.removeEventListener('pause', send);
      v.removeEventListener('ended', send);
      document.removeEventListener('visibilitychange', onHide);
      send();
    };
  }, [ref, mediaId]);
}
