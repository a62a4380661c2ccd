import { byCodePoint } from '../framework/order.ts';
import type { MessageTree } from '../framework/types.ts';

/** A glob's texts (`../resources/<folder>/messages.<lang>.ts` → its tree) by folder name, in folder order. */
export function byFolder(found: Record<string, MessageTree>): Record<string, MessageTree> {
  return Object.fromEntries(
    Object.entries(found)
      .map(([path, tree]) => [path.split('/')[2], tree] as const)
      .sort(([a], [b]) => byCodePoint(a, b)),
  );
}
