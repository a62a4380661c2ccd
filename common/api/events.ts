import type { ApiError } from './client.ts';

type Listener = (err: ApiError) => void;
const listeners = new Set<Listener>();

/** Every failed call is announced here; an app reacts (a 404 marks the page not found, …). */
export function onApiError(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportError(err: ApiError) {
  for (const l of listeners) l(err);
}

let prepare: (() => Promise<unknown>) | undefined;
/** An app whose error wording loads on demand (the portal): every failed call waits for it before it is heard of. */
export function beforeErrors(fn: () => Promise<unknown>) {
  prepare = fn;
}
export function errorWordingReady(): Promise<unknown> {
  return prepare ? prepare() : Promise.resolve();
}
