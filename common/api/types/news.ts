import type { NewsWithReads, ReadNews, UnreadRequired as UnreadRequiredSchema } from '../../../server/modules/news/responses.ts';
import type { ListAnswer, DataAnswer } from './answers.ts';
import type { Wire } from './wire.ts';

/** What the news routes answer (server/modules/news/responses.ts). */
export type News = Wire<typeof ReadNews>;
export type NewsList = ListAnswer<typeof ReadNews>;
export type NewsAnswer = DataAnswer<typeof ReadNews>;
export type CuratorNewsList = ListAnswer<typeof NewsWithReads>;
export type CuratorNews = CuratorNewsList['data'][number];
export type UnreadRequired = Wire<typeof UnreadRequiredSchema>;
