import type { TArray } from 'typebox';
import type { EditorPlan, MyPlan, PaymentListItem, PriceList as PriceListSchema, TermsMeta } from '../../../server/modules/payments/responses.ts';
import type { DataAnswer } from './answers.ts';
import type { Wire } from './wire.ts';

/** What the payments' routes answer (server/modules/payments/responses.ts). */
export type MyPlans = DataAnswer<TArray<typeof MyPlan>>;
export type PriceList = Wire<typeof PriceListSchema>;
export type Price = PriceList['data'][number];
/** `GET /admin/user/{id}/getPlan`: the student's plans as the back office's schedule editor reads them. */
export type StoredPlan = Wire<typeof EditorPlan>;
export type StoredPlans = { data: StoredPlan[]; meta: Wire<typeof TermsMeta> };
/** An item of the back office's payments list (`GET /admin/payment`). */
export type PaymentRow = Wire<typeof PaymentListItem>;
