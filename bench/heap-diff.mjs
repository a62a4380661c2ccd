// `node bench/heap-diff.mjs a.heapsnapshot b.heapsnapshot`: what grew between two heap snapshots of one process (bench/surge-ab.ts
// with BENCH_HEAP_SNAPSHOTS=1), as self size and count by V8's node type and constructor, largest growth first.
import { readFileSync } from 'node:fs';
function summary(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const f = snap.snapshot.meta.node_fields,
    types = snap.snapshot.meta.node_types[0];
  const n = f.length,
    ti = f.indexOf('type'),
    ni = f.indexOf('name'),
    si = f.indexOf('self_size');
  const out = new Map();
  const nodes = snap.nodes,
    strings = snap.strings;
  for (let i = 0; i < nodes.length; i += n) {
    const t = types[nodes[i + ti]];
    let name = t === 'string' || t === 'concatenated string' || t === 'sliced string' ? '(string)' : t === 'code' ? '(code)' : strings[nodes[i + ni]];
    if (t === 'array' || t === 'hidden') name = `${t}:${name.slice(0, 40)}`;
    const k = `${t}|${name.slice(0, 80)}`;
    const e = out.get(k) ?? { size: 0, count: 0 };
    e.size += nodes[i + si];
    e.count++;
    out.set(k, e);
  }
  return out;
}
const a = summary(process.argv[2]),
  b = summary(process.argv[3]);
const keys = new Set([...a.keys(), ...b.keys()]);
const rows = [...keys].map((k) => ({ k, ds: (b.get(k)?.size ?? 0) - (a.get(k)?.size ?? 0), dc: (b.get(k)?.count ?? 0) - (a.get(k)?.count ?? 0) }));
rows.sort((x, y) => y.ds - x.ds);
for (const r of rows.slice(0, 30)) console.log((r.ds / 1024).toFixed(0).padStart(8), 'KB', String(r.dc).padStart(8), r.k);
