import type { AdminMeta, AdminRow, MyRating } from '../../../server/modules/rating/index.ts';
import type { Wire } from './wire.ts';

/** `GET /admin/rating` (server/modules/rating): the ranked students and what the ranking covered. */
export type RatingAdminRow = Wire<typeof AdminRow>;
export type RatingAdminMeta = Wire<typeof AdminMeta>;

/** `GET /api/user/getRating` (the learner's place and the top ten). */
export type MyRatingAnswer = { data: Wire<typeof MyRating> };
