import type { TArray } from 'typebox';
import type { City, Country } from '../../../server/modules/info/index.ts';
import type { DataAnswer } from './answers.ts';

/** The reference lists (`GET /api/info/countries`, `/api/info/cities`; server/modules/info/index.ts). */
export type Countries = DataAnswer<TArray<typeof Country>>;
export type Cities = DataAnswer<TArray<typeof City>>;
