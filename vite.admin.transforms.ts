import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

// What `vite build` does beyond bundling for the back office's first load (vite.admin.config.ts): two third-party
// modules rewritten (`rewriteModule`) and the first load's chunks marked for eager compilation.

/**
 * `vite build` only: MUI's TablePagination builds an `Intl.NumberFormat('en-US')` for its default label as soon as its
 * module is evaluated, and react-admin's pager passes its own label, so it is never used. The page's first Intl object
 * costs ICU's start-up: in a trace of the back office's load, the evaluation of its chunk is 14 ms shorter without it
 * (and without `localeCompare`, admin/framework/order.ts); four times that on Lighthouse's slower phone. Built on first
 * use instead.
 */
export function lazyPaginationNumberFormat(): Plugin {
  const eager = "const formatNumber = buildFormatNumber('en-US');";
  const lazy = "let enUsFormat;\nconst formatNumber = (value) => (enUsFormat ??= buildFormatNumber('en-US'))(value);";
  return rewriteModule('lms-lazy-pagination-number-format', /@mui[\\/]material[\\/]TablePagination[\\/]TablePagination\.mjs$/, [[eager, lazy]]);
}

/**
 * `vite build` only: lodash's `getRawTag` (behind `isPlainObject`, `isEqual` and its `getTag`) assigns over a value's
 * `Symbol.toStringTag` inside a try/catch. lodash was written for sloppy mode, where assigning over the read-only tag
 * that a Map, a Set, a Promise or a DataView inherits silently does nothing; bundled into an ES module it is strict
 * code, so each such call throws and catches a TypeError: five while the back office's chunk is first evaluated
 * (`_getTag.js` probes DataView, Map, Promise, Set and WeakMap). Under an inspector (Lighthouse, DevTools, a test
 * browser) V8 records each error's stack with line and column, and for the chunk's top level that means parsing the
 * whole chunk again (60–90 ms of its evaluation in Lighthouse's trace; docs/performance.md "The twenty-third
 * session"). The assignment is made only where it succeeds, with the same result.
 */
export function lodashRawTagWithoutThrowing(): Plugin {
  const attempt = 'try {\n    value[symToStringTag] = undefined;\n    var unmasked = true;\n  } catch (e) {}';
  const guarded = 'try {\n    if (canSetTag(value)) {\n      value[symToStringTag] = undefined;\n      var unmasked = true;\n    }\n  } catch (e) {}';
  const canSetTag = `
/** Whether assigning the tag succeeds: a writable data property or a setter where it is found, else a new property. */
function canSetTag(value) {
  for (var o = value; o != null; o = Object.getPrototypeOf(o)) {
    var d = Object.getOwnPropertyDescriptor(o, symToStringTag);
    if (d) return d.set !== undefined || (d.writable === true && (o === value || Object.isExtensible(value)));
  }
  return Object.isExtensible(value);
}

module.exports = getRawTag;`;
  return rewriteModule('lms-lodash-raw-tag-without-throwing', /[\\/]node_modules[\\/]lodash[\\/]_getRawTag\.js$/, [
    [attempt, guarded],
    ['module.exports = getRawTag;', canSetTag],
  ]);
}

/**
 * A `vite build` transform of one third-party module: each `[text, replacement]` pair replaced once. A module that no
 * longer has one of the texts stops the build, rather than quietly keeping the cost.
 */
function rewriteModule(name: string, id: RegExp, replacements: [string, string][]): Plugin {
  return {
    name,
    apply: 'build',
    transform: {
      filter: { id },
      handler(code) {
        let out = code;
        for (const [text, replacement] of replacements) {
          if (!out.includes(text)) this.error(`${id} no longer has ${JSON.stringify(text)}: see ${name} in vite.admin.transforms.ts`);
          out = out.replace(text, replacement);
        }
        return { code: out, map: null };
      },
    },
  };
}

/**
 * `vite build` only: V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) on the chunks the first
 * load runs. V8 otherwise compiles a function when it is first called, on the main thread: 60–100 ms of the layout's
 * first render in a trace of the landing. With the hint it compiles the whole file while the file streams in, on a
 * background thread. The comment must open the file, so it is put there once the chunk is written (Vite adds its preload
 * preamble at the top last); the precompressed copies are made after. Other browsers read it as a comment.
 */
export function compileEagerly(chunkNames: string[]): Plugin {
  return {
    name: 'lms-compile-eagerly',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name) || !options.dir) continue;
        const file = join(options.dir, chunk.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}
