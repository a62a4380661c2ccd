import { STORAGE_KEYS, storage } from '../storage.ts';
import { currentTenant } from '../tenant/tenant.ts';

/** Headers every call carries: bearer token, school, demo mode, language. */
export function apiHeaders(): Record<string, string> {
  const h: Record<string, string> = { Domain: currentTenant(), 'Accept-Language': storage.get(STORAGE_KEYS.lang) ?? 'ru' };
  const token = storage.get(STORAGE_KEYS.token);
  if (token) h.Authorization = `Bearer ${token}`;
  if (storage.get(STORAGE_KEYS.demo) === '1') h.Demo = '1';
  return h;
}
