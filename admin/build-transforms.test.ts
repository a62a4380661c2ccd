import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lodashRawTagWithoutThrowing } from '../vite.admin.transforms.ts';

// vite.admin.transforms.ts: lodash's getRawTag, rewritten so that strict code (an ES module's) never throws in it
const require = createRequire(import.meta.url);
const file = require.resolve('lodash/_getRawTag.js');
const original = readFileSync(file, 'utf8');

function rewrite(code: string): string {
  const { transform } = lodashRawTagWithoutThrowing() as { transform: { handler: (this: unknown, code: string, id: string) => { code: string } } };
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return transform.handler.call(context, code, file).code;
}

/** The module's getRawTag, run as lodash meant it (sloppy) or as a bundled ES module runs it (strict). */
function load(code: string, strict: boolean): (value: object) => string {
  const module = { exports: {} };
  new Function('require', 'module', 'exports', `${strict ? "'use strict';\n" : ''}${code}`)(() => Symbol, module, module.exports);
  return module.exports as unknown as (value: object) => string;
}

class Tagged {
  get [Symbol.toStringTag]() {
    return 'Tagged';
  }
}

const values = () => [
  new Map(),
  new Set(),
  Promise.resolve(),
  new WeakMap(),
  new DataView(new ArrayBuffer(1)),
  {},
  [],
  { [Symbol.toStringTag]: 'Own' },
  Object.create({ [Symbol.toStringTag]: 'Inherited' }),
  new Tagged(),
  Object.freeze({ [Symbol.toStringTag]: 'Frozen' }),
];

describe("lodash's getRawTag as the back office's build has it", () => {
  it('gives what lodash gives in sloppy mode, for built-ins and for own, inherited, getter and frozen tags, and leaves them as they were', () => {
    const sloppy = load(original, false);
    const rewritten = load(rewrite(original), true);
    const before = values();
    const after = values();
    expect(after.map((v) => rewritten(v))).toEqual(before.map((v) => sloppy(v)));
    expect(after.map((v) => (v as Record<symbol, unknown>)[Symbol.toStringTag])).toEqual(values().map((v) => (v as Record<symbol, unknown>)[Symbol.toStringTag]));
  });

  it('does not attempt an assignment that strict code would throw on (the original does)', () => {
    let attempts = 0;
    const readOnlyTag = () =>
      new Proxy(Object.create(Object.defineProperty({}, Symbol.toStringTag, { value: 'ReadOnly' })), {
        set: () => {
          attempts += 1;
          return false;
        },
      });
    expect(load(rewrite(original), true)(readOnlyTag())).toBe('[object ReadOnly]');
    expect(attempts).toBe(0);
    expect(load(original, true)(readOnlyTag())).toBe('[object ReadOnly]');
    expect(attempts).toBe(1);
  });

  it('stops the build when lodash words its try block or its export otherwise', () => {
    expect(() => rewrite(original.replace('var unmasked = true;', 'unmasked = true;'))).toThrow(/no longer has/);
    expect(() => rewrite(original.replace('module.exports = getRawTag;', 'module.exports = { getRawTag };'))).toThrow(/no longer has/);
  });
});
