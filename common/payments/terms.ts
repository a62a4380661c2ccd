/**
 * The payment terms the server checks and the back office offers: one list each for the server's schedules
 * (server/modules/payments/store.ts), the client setting `instalments` (server/modules/settings/admin.ts) and the
 * schedule editor (admin/resources/payments/schedule.ts).
 */

/** Instalment terms in months: a plan's `months` and the choices of the client setting `instalments`. */
export const INSTALMENTS = [6, 12, 18, 24, 36] as const;
/** Currencies of prices and schedules (`RUR`, the rouble's old code, is read as `RUB` where a client may send it). */
export const CURRENCIES = ['RUB', 'USD', 'EURO'] as const;
