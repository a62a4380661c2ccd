import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { api, ApiError, type RequestOptions } from '../../common/api/client.ts';
import { needsFormData } from '../../common/api/form-data.ts';
import type { TokenAnswer } from '../../common/auth/session.ts';
import { describeError } from '../../common/errors/describe.ts';
import { getLang } from '../../common/i18n/lang.ts';
import type { ResourceConfig } from '../framework/types.ts';

interface ListAnswer {
  data: RaRecord[];
  meta: { total: number; current_page: number; last_page: number; per_page: number };
}

/** react-admin file inputs hold `{ rawFile, src, title }`: send the file itself. */
function unwrapFiles(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapFiles);
  if (value && typeof value === 'object' && !(value instanceof Blob) && !(value instanceof Date)) {
    const v = value as Record<string, unknown>;
    if (v.rawFile instanceof Blob) return v.rawFile;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrapFiles(x)]));
  }
  return value;
}

const hasFile = (v: unknown): boolean =>
  v instanceof Blob || (Array.isArray(v) ? v.some(hasFile) : !!v && typeof v === 'object' && Object.values(v as object).some(hasFile));

/** The extra methods of our dataProvider, beside react-admin's CRUD. */
export interface ExtraMethods {
  /** Any call of our API, errors as react-admin HttpErrors with translated text. */
  call<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  /** A bulk endpoint named in the resource configuration (`bulk.actions`): POST `{ <idsKey>: ids }` → `{ data: { count } }`. */
  bulk(resource: string, action: string, ids: RaRecord['id'][]): Promise<{ data: { count: number } }>;
  block(resource: string, ids: RaRecord['id'][]): Promise<{ data: { count: number } }>;
  active(resource: string, ids: RaRecord['id'][]): Promise<{ data: { count: number } }>;
  /** A call on one record named in `recordActions` (POST `<apiPath>/<id>/<path>`). */
  recordAction<T = unknown>(resource: string, action: string, id: RaRecord['id'], body?: Record<string, unknown>): Promise<T>;
  /** "Log in as": the demo-mode token for that user. */
  authorization(resource: string, id: RaRecord['id']): Promise<TokenAnswer>;
}

/** Turns an API error into react-admin's HttpError with the translated text of the shared handler. */
function toHttpError(err: unknown): HttpError {
  const d = describeError(err, getLang());
  const body = err instanceof ApiError ? err.body : {};
  return new HttpError(d.text, err instanceof ApiError ? err.status : 500, { ...body, errors: d.fields, title: d.title });
}

/**
 * The one dataProvider of the back office, for our API's quirks: `{ data, meta }` lists with
 * `page/per_page/sort/order/q/filter[...]`, form data with bracketed keys when a record carries files
 * or nested values (updates then go as POST with `_method=PUT`), and bulk endpoints named by the
 * resource configuration. Extra methods: `call` for custom endpoints.
 */
export function createDataProvider(resources: ResourceConfig[]): DataProvider & ExtraMethods {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const path = (resource: string) => byName.get(resource)?.apiPath ?? `/admin/${resource}`;
  const run = async <T>(p: string, opts?: RequestOptions) => {
    try {
      return await api<T>(p, opts);
    } catch (err) {
      throw toHttpError(err);
    }
  };

  /**
   * An update sends only the fields its form edits (the record also holds read-only columns); an image field
   * that still holds the stored path (a string) is unchanged and left out, so only a new file or a removal travels.
   */
  const formFields = (resource: string, data: Record<string, unknown>) => {
    const cfg = byName.get(resource);
    const images = new Set(cfg?.fields.filter((f) => f.type === 'image').map((f) => f.source));
    const keys = cfg?.form ? new Set(cfg.form.flatMap((s) => s.fields)) : undefined;
    return Object.fromEntries(Object.entries(data).filter(([k, v]) => (!keys || keys.has(k)) && !(images.has(k) && typeof v === 'string')));
  };

  const bulkPath = (resource: string, action: string) => {
    const p = action === 'delete' ? byName.get(resource)?.bulk?.delete : byName.get(resource)?.bulk?.actions?.[action];
    if (!p) throw new Error(`Resource ${resource}: no bulk endpoint "${action}" in its configuration`);
    return p;
  };
  const bulk = (resource: string, action: string, ids: RaRecord['id'][]) =>
    run<{ data: { count: number } }>(bulkPath(resource, action), { method: 'POST', body: { [byName.get(resource)?.bulk?.idsKey ?? 'ids']: ids } });
  const recordAction = <T>(resource: string, action: string, id: RaRecord['id'], body?: Record<string, unknown>) => {
    const p = byName.get(resource)?.recordActions?.[action];
    if (!p) throw new Error(`Resource ${resource}: no record action "${action}" in its configuration`);
    return run<T>(`${path(resource)}/${id}/${p}`, { method: 'POST', body });
  };

  const listQuery = (params: Partial<GetListParams>) => {
    const { q, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
    return {
      page: params.pagination?.page ?? 1,
      per_page: params.pagination?.perPage ?? 15,
      sort: params.sort?.field,
      order: params.sort?.order?.toLowerCase(),
      q: q || undefined,
      filter,
    };
  };

  /** JSON, or form data with bracketed keys when the body carries files or nested values; form-data updates go as POST + `_method=PUT`. */
  const write = (data: unknown, method: 'POST' | 'PUT'): RequestOptions => {
    const body = unwrapFiles(data) as Record<string, unknown>;
    const form = hasFile(body) || needsFormData(body);
    return { method, body, form, override: form && method === 'PUT' };
  };

  return {
    async getList(resource, params) {
      let res: ListAnswer;
      try {
        res = await api<ListAnswer>(path(resource), { query: listQuery(params) });
      } catch (err) {
        // A section whose API is not there yet shows an empty list rather than an error.
        if (err instanceof ApiError && err.body.name === 'NOT_FOUND_ROUTE') return { data: [], total: 0 };
        throw toHttpError(err);
      }
      return { data: res.data as never[], total: res.meta.total };
    },
    async getOne(resource, params) {
      return { data: (await run<{ data: RaRecord }>(`${path(resource)}/${params.id}`)).data as never };
    },
    async getMany(resource, params) {
      const data = await Promise.all(params.ids.map((id) => run<{ data: RaRecord }>(`${path(resource)}/${id}`).then((r) => r.data)));
      return { data: data as never[] };
    },
    async getManyReference(resource, params) {
      const res = await run<ListAnswer>(path(resource), { query: listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }) });
      return { data: res.data as never[], total: res.meta.total };
    },
    async create(resource, params) {
      return { data: (await run<{ data: RaRecord }>(path(resource), write(params.data, 'POST'))).data } as never;
    },
    async update(resource, params) {
      return { data: (await run<{ data: RaRecord }>(`${path(resource)}/${params.id}`, write(formFields(resource, params.data), 'PUT'))).data } as never;
    },
    async updateMany(resource, params) {
      const rule = byName.get(resource)?.bulk?.update;
      const data = params.data as Record<string, unknown>;
      const keys = Object.keys(data);
      const action = rule && keys.length === 1 && keys[0] === rule.field ? rule.actions[String(data[rule.field])] : undefined;
      if (action) await bulk(resource, action, params.ids);
      else await Promise.all(params.ids.map((id) => run(`${path(resource)}/${id}`, write(data, 'PUT'))));
      return { data: params.ids };
    },
    async delete(resource, params) {
      await run(`${path(resource)}/${params.id}`, { method: 'DELETE' });
      return { data: params.previousData as never };
    },
    async deleteMany(resource, params) {
      if (byName.get(resource)?.bulk?.delete) await bulk(resource, 'delete', params.ids);
      else await Promise.all(params.ids.map((id) => run(`${path(resource)}/${id}`, { method: 'DELETE' })));
      return { data: params.ids };
    },
    call: run,
    bulk,
    block: (resource, ids) => bulk(resource, 'block', ids),
    active: (resource, ids) => bulk(resource, 'active', ids),
    recordAction,
    authorization: (resource, id) => recordAction<TokenAnswer>(resource, 'authorization', id),
  };
}
