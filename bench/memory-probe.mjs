// Bench-only preload (`node --import ./bench/memory-probe.mjs …`, which the cluster's workers inherit): on SIGUSR2 the
// process runs a full collection and writes its memory to $BENCH_MEMORY_DIR/<pid>.json, so that bench/surge-ab.ts can
// tell what a surge left alive on the heap (a leak grows it surge after surge) from what V8 merely kept reserved.
// With BENCH_HEAP_SNAPSHOTS=1 each signal also writes a heap snapshot there (<pid>-<n>.heapsnapshot), to compare two.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
setFlagsFromString('--no-expose-gc');
const dir = process.env.BENCH_MEMORY_DIR;
let taken = 0;
if (dir)
  process.on('SIGUSR2', () => {
    gc({ type: 'major' });
    if (process.env.BENCH_HEAP_SNAPSHOTS === '1') writeHeapSnapshot(join(dir, `${process.pid}-${++taken}.heapsnapshot`));
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(process.memoryUsage()));
  });
