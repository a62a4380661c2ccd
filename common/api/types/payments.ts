import type { TArray } from 'typebox';
import type { MyPlan, PriceList as PriceListSchema } from '../../../server/modules/payments/responses.ts';
import type { DataAnswer } from './answers.ts';
import type { Wire } from './wire.ts';

/** What the payments' learner routes answer (server/modules/payments/responses.ts). */
export type MyPlans = DataAnswer<TArray<typeof MyPlan>>;
export type PriceList = Wire<typeof PriceListSchema>;
export type Price = PriceList['data'][number];
