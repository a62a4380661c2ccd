import { api, apiHeaders, buildUrl } from '../../../common/api/client.ts';
import type { ScormAttemptAnswer, ScormAttemptData, ScormLaunchData } from '../../../common/api/types/scorm.ts';

/**
 * The SCORM run-time of the portal, a chunk of its own with scorm-again (loaded only when a package is played):
 * scorm-again's Scorm12API as `window.API` or Scorm2004API as `window.API_1484_11`, started from the stored values,
 * and its CrossFrameLMS answering the package's frame. The frame is sandboxed in an origin of its own
 * (server/modules/scorm/content.ts), so the package reaches this API only by messages, through the CrossFrameAPI the
 * server put in its pages; messages from any other window are dropped before the LMS hears them.
 * LMSCommit/Commit and LMSFinish/Terminate send the package version's elements to the server; leaving the page ends
 * the session too (a request that outlives the page).
 */

/** The elements committed, by version (the server's list: server/modules/scorm/cmi.ts ELEMENTS). */
const ELEMENTS = {
  '1.2': ['cmi.core.lesson_status', 'cmi.core.score.raw', 'cmi.core.score.min', 'cmi.core.score.max', 'cmi.core.session_time', 'cmi.core.lesson_location', 'cmi.core.exit', 'cmi.suspend_data'],
  '2004': ['cmi.completion_status', 'cmi.success_status', 'cmi.score.raw', 'cmi.score.min', 'cmi.score.max', 'cmi.score.scaled', 'cmi.session_time', 'cmi.location', 'cmi.exit', 'cmi.suspend_data'],
} as const;

export async function startRuntime(launch: ScormLaunchData, mediaId: number, frame: () => HTMLIFrameElement | null, onSaved: (a: ScormAttemptData) => void) {
  const v12 = launch.package.version === '1.2';
  // the package's ES modules export these by name (their type declarations say default exports)
  type Named<K extends string, T> = Record<K, T>;
  const Api = v12
    ? ((await import('scorm-again/scorm12')) as unknown as Named<'Scorm12API', typeof import('scorm-again/scorm12').default>).Scorm12API
    : ((await import('scorm-again/scorm2004')) as unknown as Named<'Scorm2004API', typeof import('scorm-again/scorm2004').default>).Scorm2004API;
  const { CrossFrameLMS } = (await import('scorm-again/cross-frame-lms')) as unknown as Named<'CrossFrameLMS', typeof import('scorm-again/cross-frame-lms').default>;
  // logLevel 5: none (the package's own mistakes are not the learner's concern)
  const runtime = new Api({ autocommit: false, logLevel: 5 as never });
  runtime.loadFromFlattenedJSON(launch.values, '');
  const global = v12 ? 'API' : 'API_1484_11';
  (window as unknown as Record<string, unknown>)[global] = runtime;

  const url = `/api/scorm/${mediaId}/attempt`;
  let started = false;
  let finished = false;
  const values = () => {
    const flat = runtime.getFlattenedCMI();
    const out: Record<string, string> = {};
    for (const k of ELEMENTS[launch.package.version]) {
      const v = flat[k];
      if (v !== undefined && v !== null && String(v) !== '') out[k] = String(v);
    }
    return out;
  };
  const save = (finish: boolean) =>
    api<ScormAttemptAnswer>(url, { method: 'PUT', body: { values: values(), finish }, json: true }).then(
      (r) => onSaved(r.data),
      () => undefined,
    );
  runtime.on(v12 ? 'LMSInitialize' : 'Initialize', () => {
    started = true;
  });
  runtime.on(v12 ? 'LMSCommit' : 'Commit', () => void save(false));
  runtime.on(v12 ? 'LMSFinish' : 'Terminate', () => {
    finished = true;
    void save(true);
  });
  /** The page goes (or the player closes) before the package finished: the session ends with what it set. */
  const leave = () => {
    if (!started || finished) return;
    finished = true;
    void fetch(buildUrl(url), { method: 'PUT', keepalive: true, headers: { ...apiHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ values: values(), finish: true }) }).catch(
      () => undefined,
    );
  };

  // only the package's frame (or a frame inside it) is heard; a window's parent may be read across origins
  const fromPackage = (e: MessageEvent) => {
    let w = e.source as Window | null;
    const target = frame()?.contentWindow;
    for (let i = 0; w && target && i < 10; i++) {
      if (w === target) return true;
      if (w === w.parent) break;
      w = w.parent;
    }
    return false;
  };
  const gate = (e: MessageEvent) => {
    if (!fromPackage(e)) e.stopImmediatePropagation();
  };
  window.addEventListener('message', gate, true);
  // the frame's origin is opaque ("null"): answers go to the frame that asked, whatever its origin
  const lms = new CrossFrameLMS(runtime as never, '*');
  window.addEventListener('pagehide', leave);
  return () => {
    leave();
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('message', gate, true);
    lms.destroy();
    delete (window as unknown as Record<string, unknown>)[global];
  };
}
