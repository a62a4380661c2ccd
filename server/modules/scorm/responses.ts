import { Type } from 'typebox';
import { DateTime, MaybeDateTime, orNull } from '../../core/responses.ts';
import { Id } from '../../core/schemas.ts';

/** What the SCORM module answers (docs/api.md "Response contracts"). */

const Version = Type.Unsafe<'1.2' | '2004'>({ type: 'string', enum: ['1.2', '2004'] });
const Num = orNull(Type.Number());

/** A material's package as read from its manifest. */
export const ScormPackage = Type.Object({
  id: Id,
  media_id: Id,
  title: Type.String(),
  version: Version,
  organization: orNull(Type.String()),
  launch: Type.String(),
  file_name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  files: Type.Integer({ minimum: 0 }),
  created_at: DateTime,
});

/** A learner's attempt (the latest), SCORM 1.2 and 2004 mapped to one shape. */
export const ScormAttempt = Type.Object({
  attempt: Type.Integer({ minimum: 0 }),
  completion_status: Type.String(),
  success_status: Type.String(),
  score_raw: Num,
  score_min: Num,
  score_max: Num,
  score_scaled: Num,
  session_seconds: Type.Integer({ minimum: 0 }),
  total_seconds: Type.Integer({ minimum: 0 }),
  suspend_data: orNull(Type.String()),
  location: orNull(Type.String()),
  exit: orNull(Type.String()),
  /** Completed or passed: the material counts as done in the program's progress. */
  done: Type.Boolean(),
  updated_at: MaybeDateTime,
});

/** What the portal's player starts with. */
export const ScormLaunch = Type.Object({
  material: Type.Object({ id: Id, title: Type.String() }),
  package: Type.Object({ title: Type.String(), version: Version }),
  /** The launch file's address on the API, under a key of this launch (no session token in it). */
  launch_url: Type.String(),
  expires_at: DateTime,
  attempt: ScormAttempt,
  /** The run-time's starting values, in the package version's element names. */
  values: Type.Record(Type.String(), Type.String()),
});
