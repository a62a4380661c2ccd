import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../common/api/client.ts';
import { STORAGE_KEYS, storage } from '../../common/storage.ts';
import type { ThemeName } from '../../common/theme/theme.ts';
import type { ClientSettingAnswer, Instalments, LearningDurations, SocialLinksAnswer } from '../../common/api/types/school.ts';

/**
 * The school's public settings as the portal reads them, through the specification's calls: the client settings
 * `GET /api/setting/{id}` (13 theme, 16 learning durations, 17 instalments, 19 calendar id) and the social links
 * `GET /api/social/link`. Each is asked once per page load and shared by every screen; a failed call answers the
 * product's default (the screens then simply show less). Decisions: docs/decisions.md.
 */
export type LearningDuration = LearningDurations[number];
/** Each setting's shape of the server's `ClientSettingValue` (13 the theme's name, 19 a text). */
export interface ClientSettings {
  13: ThemeName;
  16: LearningDurations;
  17: Instalments;
  19: string;
}
type SettingId = keyof ClientSettings;

/** The server's defaults (server/modules/access: CLIENT_SETTINGS) for a call that fails. */
const DEFAULTS: ClientSettings = {
  13: 'light',
  16: [
    { format: 'full-time', months: 24 },
    { format: 'blended', months: 18 },
    { format: 'online', months: 12 },
  ],
  17: [6, 12, 18, 24, 36],
  19: '',
};

const cache = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as Promise<T>;
}

/** One client setting of the school (`GET /api/setting/{id}`); the default when the call fails. */
export function clientSetting<K extends SettingId>(id: K): Promise<ClientSettings[K]> {
  return once(`setting-${id}`, () =>
    api<ClientSettingAnswer>(`/api/setting/${id}`).then(
      (r) => (r.data.value as ClientSettings[K] | undefined) ?? DEFAULTS[id],
      () => DEFAULTS[id],
    ),
  );
}

/** The school's social links (`GET /api/social/link`): `{ vk: 'https://…', site: '…' }`, empty when none. */
export function socialLinks(): Promise<Record<string, string>> {
  return once('social', () =>
    api<SocialLinksAnswer>('/api/social/link').then(
      (r) => Object.fromEntries(Object.entries(r.data ?? {}).filter(([, url]) => typeof url === 'string' && /^https?:\/\//i.test(url))),
      () => ({}),
    ),
  );
}

/** A setting for a screen: undefined while it loads. */
export function useClientSetting<K extends SettingId>(id: K): ClientSettings[K] | undefined {
  const [value, setValue] = useState<ClientSettings[K]>();
  useEffect(() => {
    let live = true;
    void clientSetting(id).then((v) => live && setValue(() => v));
    return () => {
      live = false;
    };
  }, [id]);
  return value;
}

export function useSocialLinks(): Record<string, string> {
  const [links, setLinks] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void socialLinks().then((l) => live && setLinks(l));
    return () => {
      live = false;
    };
  }, []);
  return links;
}

// ---- the theme: the user's choice (local storage) first, else the school's (setting 13), else light ----------------

const listeners = new Set<() => void>();
let schoolTheme: ThemeName | undefined;

/** The theme on screen: the one the user chose in the switch, else the school's default (setting 13). */
export function currentTheme(): ThemeName {
  const chosen = storage.get(STORAGE_KEYS.theme);
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return schoolTheme ?? 'light';
}
function apply() {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = currentTheme();
  for (const l of listeners) l();
}

/**
 * Shows the theme at start without storing it (so that the school's default keeps applying until the user picks
 * one), then asks the school's setting 13 when the user has not chosen.
 */
export function startTheme() {
  apply();
  if (storage.get(STORAGE_KEYS.theme)) return;
  void clientSetting(13).then((t) => {
    schoolTheme = t === 'dark' ? 'dark' : 'light';
    apply();
  });
}

/** The user's choice in the switch: stored (shared with the back office) and shown. */
export function chooseTheme(t: ThemeName) {
  storage.set(STORAGE_KEYS.theme, t);
  apply();
}

export function useTheme(): ThemeName {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentTheme,
    currentTheme,
  );
}
