import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { api, ApiError, buildUrl, type RequestOptions } from '../../common/api/client.ts';
import { needsFormData } from '../../common/api/form-data.ts';
import type { TokenAnswer } from '../../common/auth/session.ts';
import type { ListPageMeta } from '../../common/api/types/answers.ts';
import { describeError } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { apiBaseUrl } from '../../common/tenant/tenant.ts';
import type { ResourceConfig } from '../framework/types.ts';
import { createEarlyList, firstPageParams } from './early-list.ts';

// The error catalogue of the language in use comes with that language's texts (providers/i18nProvider.ts, messagesOf).

/** A page of any resource's list (`listOf` of server/core/responses.ts): its rows, and `ListMeta`. */
type ListAnswer = { data: RaRecord[]; meta: ListPageMeta };

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

const hasFile = (v: unknown): boolean => v instanceof Blob || (Array.isArray(v) ? v.some(hasFile) : !!v && typeof v === 'object' && Object.values(v as object).some(hasFile));

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
  /** The landing's list asked before react-admin renders; its own first read of that page takes the answer (early-list.ts). */
  askEarly(cfg: ResourceConfig): void;
  /** The API path with query of the read `askEarly` makes (for the next page load's entry: common/api/early.ts). */
  firstPagePath(cfg: ResourceConfig): string;
  /** "Log in as": the demo-mode token for that user. */
  authorization(resource: string, id: RaRecord['id']): Promise<TokenAnswer>;
}

/** Turns an API error into react-admin's HttpError with the translated text of the shared handler. */
function toHttpError(err: unknown): HttpError {
  const d = describeError(err, getLang());
  const body = err instanceof ApiError ? err.body : {};
  return new HttpError(d.text, err instanceof ApiError ? err.status : 500, { ...body, errors: d.fields, title: d.title });
}

/** What ra-data-simple-rest expects of its HTTP client (react-admin's `fetchUtils.fetchJson` shape). */
interface RestAnswer {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

/**
 * The HTTP client under ra-data-simple-rest, speaking our API's dialect (docs/api.md): simple-rest builds each
 * request (`GET /x?sort=["f","ASC"]&range=[0,14]&filter={…}`, `GET /x/7`, `POST /x`, `PUT /x/7`, `DELETE /x/7`);
 * here the list query becomes `page/per_page/sort/order/q/filter[...]`, the `{ data, meta }` answer becomes the rows
 * and a `Content-Range` total, `{ data }` is unwrapped, and a body with nested values goes as form data (an update
 * then as POST with `_method=PUT`). Errors are react-admin HttpErrors with the shared handler's translated text.
 */
export function restClient(run: <T>(p: string, opts?: RequestOptions) => Promise<T>) {
  return async (url: string, options: { method?: string; body?: BodyInit | null; signal?: AbortSignal | null } = {}): Promise<RestAnswer> => {
    const u = new URL(url, 'http://api.invalid');
    const method = (options.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const range = u.searchParams.get('range');
    if (method === 'GET' && range) {
      const [from, to] = JSON.parse(range) as [number, number];
      const [field, order] = JSON.parse(u.searchParams.get('sort') ?? '[]') as [string?, string?];
      const perPage = to - from + 1;
      const query = listQuery({
        pagination: { page: Math.floor(from / perPage) + 1, perPage },
        sort: field ? { field, order: order === 'DESC' ? 'DESC' : 'ASC' } : undefined,
        filter: JSON.parse(u.searchParams.get('filter') ?? '{}'),
      });
      const res = await run<ListAnswer>(u.pathname, { query, signal: options.signal ?? undefined });
      const first = res.data.length ? from : 0;
      const headers = new Headers({ 'Content-Range': `items ${first}-${first + Math.max(res.data.length - 1, 0)}/${res.meta.total}` });
      return { status: 200, headers, body: '', json: res.data };
    }
    let opts: RequestOptions = { method, signal: options.signal ?? undefined };
    if (typeof options.body === 'string' && method !== 'DELETE') {
      const body = JSON.parse(options.body) as Record<string, unknown>;
      const form = needsFormData(body);
      opts = { ...opts, body, form, override: form && method === 'PUT' };
    }
    const res = await run<{ data?: unknown } | null>(u.pathname, opts);
    return { status: 200, headers: new Headers(), body: '', json: res && typeof res === 'object' && 'data' in res ? res.data : res };
  };
}

/** react-admin's list parameters as our API's query (docs/api.md "Requests"). */
function listQuery(params: Partial<GetListParams>) {
  const { q, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
  return {
    page: params.pagination?.page ?? 1,
    per_page: params.pagination?.perPage ?? 15,
    sort: params.sort?.field,
    order: params.sort?.order?.toLowerCase(),
    q: q || undefined,
    filter,
  };
}

/**
 * The one dataProvider of the back office: ra-data-simple-rest's CRUD over `restClient` (our list shape, `{ data }`
 * answers, form data and `_method`), with what simple-rest cannot send layered on top: records that carry files
 * (multipart with bracketed keys), bulk endpoints named by the resource configuration, only the form's fields in an
 * update, and a missing section shown as an empty list. Extra methods: `call` for custom endpoints.
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

  /** JSON, or form data with bracketed keys when the body carries files or nested values; form-data updates go as POST + `_method=PUT`. */
  const write = (data: unknown, method: 'POST' | 'PUT'): RequestOptions => {
    const body = unwrapFiles(data) as Record<string, unknown>;
    const form = hasFile(body) || needsFormData(body);
    return { method, body, form, override: form && method === 'PUT' };
  };

  // simple-rest builds `${apiUrl}/${resource}…`: our resources live at their configured API paths
  const rest = simpleRestProvider('', restClient(run));
  const at = (resource: string) => path(resource).replace(/^\//, '');

  async function listPage(resource: string, params: GetListParams) {
    try {
      return await rest.getList(at(resource), params);
    } catch (err) {
      // A section whose API is not there yet shows an empty list rather than an error.
      if (err instanceof HttpError && (err.body as { name?: string } | undefined)?.name === 'NOT_FOUND_ROUTE') return { data: [], total: 0 };
      throw err;
    }
  }
  const earlyList = createEarlyList(listPage);

  return {
    askEarly: (cfg: ResourceConfig) => earlyList.ask(cfg),
    firstPagePath: (cfg: ResourceConfig) => buildUrl(path(cfg.name), listQuery(firstPageParams(cfg))).slice(apiBaseUrl().length),
    getList: (resource, params) => earlyList.take(resource, params) ?? listPage(resource, params),
    getOne: (resource, params) => rest.getOne(at(resource), params),
    // our API reads one record at a time (simple-rest would ask for filter={id:[…]})
    async getMany(resource, params) {
      const data = await Promise.all(params.ids.map((id) => rest.getOne(at(resource), { id }).then((r) => r.data)));
      return { data: data as never[] };
    },
    getManyReference: (resource, params) => rest.getManyReference(at(resource), params),
    // records with files go as multipart (simple-rest sends JSON only)
    async create(resource, params) {
      if (hasFile(params.data)) return { data: (await run<{ data: RaRecord }>(path(resource), write(params.data, 'POST'))).data } as never;
      return rest.create(at(resource), params);
    },
    async update(resource, params) {
      const data = formFields(resource, params.data);
      if (hasFile(data)) return { data: (await run<{ data: RaRecord }>(`${path(resource)}/${params.id}`, write(data, 'PUT'))).data } as never;
      return rest.update(at(resource), { ...params, data });
    },
    async updateMany(resource, params) {
      const rule = byName.get(resource)?.bulk?.update;
      const data = params.data as Record<string, unknown>;
      const keys = Object.keys(data);
      const action = rule && keys.length === 1 && keys[0] === rule.field ? rule.actions[String(data[rule.field])] : undefined;
      if (action) await bulk(resource, action, params.ids);
      else await rest.updateMany(at(resource), params);
      return { data: params.ids };
    },
    async delete(resource, params) {
      await rest.delete(at(resource), params);
      return { data: params.previousData as never };
    },
    async deleteMany(resource, params) {
      if (byName.get(resource)?.bulk?.delete) await bulk(resource, 'delete', params.ids);
      else await rest.deleteMany(at(resource), params);
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
