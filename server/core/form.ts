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
      if (!Number.isInteger(idx) || idx < 0 || idx > 1000) return; // `a[]=1&a[x]=2`, `a[99999999]=1`: not a list index
      if (last) node[idx] = value;
      else node = (node[idx] ??= /^\d+$/.test(path[i + 1]) || path[i + 1] === '' ? [] : {}) as never;
      // a key that is already a plain value (`a=1&a[]=2`, `a[0]=1&a[0][b]=2`) is not descended into: the later key is
      // dropped (writing into a string threw out of the query parser and took the whole server process down)
      if (typeof node !== 'object' || node === null) return;
      continue;
    }
    if (last) {
      node[part] = value;
    } else {
      const next = path[i + 1];
      node = (node[part] ??= next === '' || /^\d+$/.test(next) ? [] : {}) as never;
      if (typeof node !== 'object' || node === null) return;
    }
  }
}
