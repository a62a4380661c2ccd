/**
 * Bracketed form keys to nested values: `users[]=3&users[]=7` → `{ users: ['3','7'] }`,
 * `address[city]=Kazan` → `{ address: { city: 'Kazan' } }`, `items[0][id]=1` → `{ items: [{ id: '1' }] }`.
 */
export function setBracketed(target: Record<string, unknown>, key: string, value: unknown) {
  const first = key.indexOf('[');
  const path = first === -1 ? [key] : [key.slice(0, first), ...[...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    const last = i === path.length - 1;
    if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
    if (Array.isArray(node)) {
      if (part === '') {
        if (last) node.push(value);
        else {
          const child = path[i + 1] === '' || /^\d+$/.test(path[i + 1]) ? [] : {};
          node.push(child);
          node = child as never;
        }
        continue;
      }
      const idx = Number(part);
      if (last) node[idx] = value;
      else node = (node[idx] ??= /^\d+$/.test(path[i + 1]) || path[i + 1] === '' ? [] : {}) as never;
      continue;
    }
    if (last) {
      node[part] = value;
    } else {
      const next = path[i + 1];
      node = (node[part] ??= next === '' || /^\d+$/.test(next) ? [] : {}) as never;
    }
  }
}
