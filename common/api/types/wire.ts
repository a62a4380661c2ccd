import type { Static, TSchema } from 'typebox';

/**
 * A server schema's type as the apps receive it over JSON: the server may hand a `Date` to a date-time field
 * (`DateTime` is `string | Date` on its side), the apps always get the ISO string. Use it as
 * `export type Thing = Wire<typeof ThingSchema>` in `common/api/types/<subject>.ts` (docs/admin.md "API types").
 */
export type Wire<S extends TSchema> = Json<Static<S>>;

export type Json<T> = T extends Date ? string : T extends (infer U)[] ? Json<U>[] : T extends readonly (infer U)[] ? readonly Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
