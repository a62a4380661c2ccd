import { api } from '../api/client.ts';
import type { AccessAnswer } from '../api/types/school.ts';

export interface AccessFlags {
  networking: boolean;
  lifelong_learning: boolean;
  rating: boolean;
  message: boolean;
  payment: boolean;
}

export const ALL_OFF: AccessFlags = { networking: false, lifelong_learning: false, rating: false, message: false, payment: false };
export const ACCESS_TIMEOUT_MS = 10_000;

/** Fetches the school's optional sections, waiting at most 10 s; on any failure every optional section is off. */
export async function fetchAccessFlags(timeout = ACCESS_TIMEOUT_MS): Promise<AccessFlags> {
  try {
    const { data } = await api<AccessAnswer>('/api/access', { timeout });
    return {
      networking: !!data.networking?.enabled,
      lifelong_learning: !!data.lifelong_learning?.enabled,
      rating: !!data.rating?.enabled,
      message: !!data.message,
      payment: !!data.payment,
    };
  } catch {
    return ALL_OFF;
  }
}

type AccessListener = () => void;
const accessListeners = new Set<AccessListener>();

/** Someone changed the school's sections (the back office's settings): whoever keeps the flags reads them again. */
export function onAccessChanged(listener: AccessListener) {
  accessListeners.add(listener);
  return () => {
    accessListeners.delete(listener);
  };
}

export function notifyAccessChanged() {
  for (const l of accessListeners) l();
}
