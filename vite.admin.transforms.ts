import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

// Third-party modules rewritten by `vite build` for the back office's first load (vite.admin.config.ts): each stops
// the build if its module no longer reads as expected, rather than quietly keeping the cost.

/**
 * `vite build` only: MUI's TablePagination builds an `Intl.NumberFormat('en-US')` for its default label as soon as its
 * module is evaluated, and react-admin's pager passes its own label, so it is never used. The page's first Intl object
 * costs ICU's start-up: in a trace of the back office's load, the evaluation of its chunk is 14 ms shorter without it
 * (and without `localeCompare`, admin/framework/order.ts); four times that on Lighthouse's slower phone. Built on first
 * use instead.
 */
export function lazyPaginationNumberFormat(): Plugin {
  const eager = "const formatNumber = buildFormatNumber('en-US');";
  return {
    name: 'lms-lazy-pagination-number-format',
    apply: 'build',
    transform: {
      filter: { id: /@mui[\\/]material[\\/]TablePagination[\\/]TablePagination\.mjs$/ },
      handler(code) {
        // a MUI that words it otherwise stops the build here instead of quietly keeping the cost
        if (!code.includes(eager)) this.error(`TablePagination.mjs no longer has "${eager}": see lazyPaginationNumberFormat`);
        const lazy = "let enUsFormat;\nconst formatNumber = (value) => (enUsFormat ??= buildFormatNumber('en-US'))(value);";
        return { code: code.replace(eager, lazy), map: null };
      },
    },
  };
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
  return {
    name: 'lms-lodash-raw-tag-without-throwing',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]lodash[\\/]_getRawTag\.js$/ },
      handler(code) {
        if (!code.includes(attempt)) this.error(`lodash/_getRawTag.js no longer has its try block: see lodashRawTagWithoutThrowing`);
        const guarded = `try {\n    if (canSetTag(value)) {\n      value[symToStringTag] = undefined;\n      var unmasked = true;\n    }\n  } catch (e) {}`;
        const canSetTag = `
/** Whether assigning the tag succeeds: a writable data property or a setter where it is found, else a new property. */
function canSetTag(value) {
  for (var o = value; o != null; o = Object.getPrototypeOf(o)) {
    var d = Object.getOwnPropertyDescriptor(o, symToStringTag);
    if (d) return d.set !== undefined || (d.writable === true && (o === value || Object.isExtensible(value)));
  }
  return Object.isExtensible(value);
}
`;
        return { code: code.replace(attempt, guarded).replace('module.exports = getRawTag;', `${canSetTag}\nmodule.exports = getRawTag;`), map: null };
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
