import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue as enCatalogue } from '../i18n/catalogue.en.ts';
import { catalogue as ruCatalogue } from '../i18n/catalogue.ru.ts';
import { MENU_GROUPS } from '../framework/types.ts';
import { resources, resourcesByFolder } from './index.ts';

/**
 * A resource is its folder (issue 28 item 5): what is on disk is what the back office has, with nothing to list. A
 * resource folder has an index.ts; a folder without one holds a piece other resources share (report-export's button).
 */
const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(import.meta.dirname, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();

describe('the back office finds its resources by their folders', () => {
  it.each(folders)('folder %s is registered: its configurations are resources of the back office, with their texts', (folder) => {
    const found = resourcesByFolder[folder] ?? [];
    expect(found.length, `admin/resources/${folder}/index.ts exports no resource configuration`).toBeGreaterThan(0);
    for (const cfg of found) {
      expect(resources).toContain(cfg);
      expect(cfg.menu, `${cfg.name}: no menu group`).toBeDefined();
      expect(MENU_GROUPS).toContain(cfg.menu?.group);
    }
    expect(Object.keys(ruCatalogue.own), `admin/resources/${folder}/messages.ru.ts`).toContain(folder);
    expect(Object.keys(enCatalogue.own), `admin/resources/${folder}/messages.en.ts`).toContain(folder);
  });

  it('holds nothing but the folders, each resource once, under a name of its own', () => {
    expect(Object.keys(resourcesByFolder).sort()).toEqual(folders);
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(resources).toHaveLength(Object.values(resourcesByFolder).flat().length);
  });

  it('keeps the menu in its groups, programs first (where an admin lands) and the users first among people (a curator)', () => {
    const groups = resources.map((r) => MENU_GROUPS.indexOf(r.menu!.group));
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    expect(resources[0].name).toBe('courses');
    expect(resources.find((r) => r.roles.list.includes('moderator'))?.name).toBe('users');
    expect(resources.find((r) => r.roles.list.includes('trainer'))?.name).toBe('courses');
  });
});

describe('docs/adding-a-resource.md walks the real prices resource', () => {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/adding-a-resource.md'), 'utf8');
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```\n/g)].map((m) => m[1]);
  it.each(['index.ts', 'messages.ru.ts', 'messages.en.ts'])('shows prices/%s as it is in the tree', (file) => {
    expect(blocks).toContain(readFileSync(join(import.meta.dirname, 'prices', file), 'utf8'));
  });
});
