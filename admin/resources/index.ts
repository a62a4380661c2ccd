import { byCodePoint } from '../framework/order.ts';
import { MENU_GROUPS, type ResourceConfig } from '../framework/types.ts';

/**
 * Every resource of the back office, found by its folder: each `admin/resources/<folder>/index.ts` exports one or more
 * configurations (a folder may hold several, as marketplace/ and lifelong/ do), and the build collects them here.
 * Nothing lists them again: adding a resource is adding its folder (docs/adding-a-resource.md).
 */
const modules = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });

/** A module's export that is a resource's configuration (a folder may export other things too: choices, rules). */
export function isResourceConfig(value: unknown): value is ResourceConfig {
  const v = value as Partial<ResourceConfig> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.apiPath === 'string' && Array.isArray(v.fields) && typeof v.list === 'object';
}

/** The configurations each folder exports, by folder name (`prices`, `marketplace`, …). */
export const resourcesByFolder: Record<string, ResourceConfig[]> = Object.fromEntries(Object.entries(modules).map(([path, m]) => [path.split('/')[1], Object.values(m).filter(isResourceConfig)]));

const place = (r: ResourceConfig) => (r.menu ? MENU_GROUPS.indexOf(r.menu.group) * 10_000 + r.menu.rank : Number.MAX_SAFE_INTEGER);

/** In menu order: the groups' order (MENU_GROUPS), then each resource's rank in its group. */
export const resources: ResourceConfig[] = Object.values(resourcesByFolder)
  .flat()
  .sort((a, b) => place(a) - place(b) || byCodePoint(a.name, b.name));
