import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import { checkedValidator } from './strict-values.ts';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Route schemas compiled when a route is first called instead of all at start (docs/performance.md "Start-up"):
 * compiling some 600 validators (ajv) and response serialisers (fast-json-stringify) was a quarter of the start's CPU,
 * for routes most processes never see. The compilers are Fastify's own, with the same options and shared schemas;
 * only the moment changes. `compileAllSchemas(app)` compiles whatever is still waiting (server/core/lazy-schemas.test.ts
 * calls it on the whole app, so a schema that does not compile still fails a test, as it failed the start before).
 *
 * Fastify treats a compiler factory of its own as custom: header schemas then reach ajv as written, so their
 * property names must be lower case (none of our routes has one).
 */
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const AjvCompiler = fastifyRequire('@fastify/ajv-compiler') as () => NonNullable<Factories['buildValidator']>;
const { SerializerSelector } = fastifyRequire('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => NonNullable<Factories['buildSerializer']> };

type Validate = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** For one app: Fastify's compiler factories, made lazy, and what compiles the schemas still waiting. */
export function lazySchemaCompilers() {
  const waiting = new Set<() => void>();
  const lazy = <F>(compile: () => F): { get: () => F } => {
    let fn: F | undefined;
    const get = () => {
      if (fn === undefined) {
        fn = compile();
        waiting.delete(force);
      }
      return fn;
    };
    const force = () => void get();
    waiting.add(force);
    return { get };
  };
  const validators = AjvCompiler() as unknown as (externalSchemas: unknown, options: unknown) => (route: unknown) => Validate;
  const serializers = SerializerSelector();
  const compilersFactory: Factories = {
    buildValidator: ((externalSchemas: unknown, options: unknown) => {
      const compile = validators(externalSchemas, options);
      return (route: unknown) => {
        // null for a boolean and non-finite numbers refused around ajv (server/core/strict-values.ts)
        const fn = lazy(() => checkedValidator((route as { schema?: unknown }).schema, compile(route) as Validate));
        const validate: Validate = (data, ctx) => {
          const v = fn.get();
          // an ajv function takes the parent (Fastify passes it when `schemaEnv` is set) to change a root value
          const ret = v.schemaEnv ? v(data, ctx) : v(data);
          validate.errors = v.errors;
          return ret;
        };
        validate.schemaEnv = true;
        return validate;
      };
    }) as Factories['buildValidator'],
    buildSerializer: (externalSchemas, options) => {
      const compile = serializers(externalSchemas, options);
      return (route) => {
        const fn = lazy(() => compile(route));
        return (data: unknown) => fn.get()(data);
      };
    },
  };
  /** Compiles every route schema not yet compiled; throws the first compilation error. */
  const compileAll = () => {
    for (const force of [...waiting]) force();
  };
  return { compilersFactory, compileAll };
}

const compileAlls = new WeakMap<object, () => void>();

/** Remembers an app's `compileAll` (server/app.ts). */
export function rememberSchemas(app: object, compileAll: () => void) {
  compileAlls.set(app, compileAll);
}

/** Compiles every schema of the app's routes not yet compiled (after `app.ready()`); throws the first error. */
export function compileAllSchemas(app: object) {
  compileAlls.get(app)?.();
}
