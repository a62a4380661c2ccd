/** A Map-backed `localStorage` for tests that run outside a browser; answers the map to inspect and clear. */
export function installMemoryStorage() {
  const store = new Map<string, string>();
  (globalThis as Record<string, unknown>).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  };
  return store;
}
