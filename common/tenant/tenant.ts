/**
 * The school is the first label of the browser's host name: `acme.example.com` and
 * `acme.localhost` are `acme`. A host with no sub-domain label (`localhost`, an IP) is the default school.
 */
export function tenantFromHost(hostname: string, fallback = 'demo'): string {
  if (!hostname || /^\d+(\.\d+){3}$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return fallback;
  return hostname.split('.')[0].toLowerCase();
}

/** Written into index.html by the web server (server/web.ts), so one build serves any port. */
interface RuntimeConfig {
  apiUrl?: string | null;
  apiPort?: number;
  defaultTenant?: string;
}
const runtime = (): RuntimeConfig => (typeof window === 'undefined' ? {} : ((window as unknown as { LMS_CONFIG?: RuntimeConfig }).LMS_CONFIG ?? {}));

export const currentTenant = () => tenantFromHost(typeof location === 'undefined' ? '' : location.hostname, runtime().defaultTenant ?? import.meta.env?.VITE_DEFAULT_TENANT ?? 'demo');

/** The API origin: `API_URL` at build time, else the page's host name on port 8000 (docs/api.md). */
export function apiBaseUrl(): string {
  const fromEnv = runtime().apiUrl ?? (import.meta.env?.VITE_API_URL as string | undefined);
  if (fromEnv) return fromEnv.replace(/\/$/, '');
  if (typeof location === 'undefined') return 'http://127.0.0.1:8000';
  const port = runtime().apiPort ?? (import.meta.env?.VITE_API_PORT as string | undefined) ?? '8000';
  return `${location.protocol}//${location.hostname}:${port}`;
}
