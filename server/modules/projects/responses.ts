import { Type } from 'typebox';
import { DateTime, Day, MaybeDateTime, dataOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** Response schemas of the projects module (docs/api.md "Response contracts"). */

const Status = Type.Union([Type.Literal('awaiting'), Type.Literal('checked'), Type.Literal('approved')]);
/** Score: a `real` column, a number (or none yet). */
const Score = nullable(Type.Number());

/** A submitted version as the student and the reviewer see it (`detail`): the stored paths are not sent. */
const version = {
  id: Id,
  tenant_id: Id,
  user_id: Id,
  media_id: Id,
  version: Type.Integer(),
  message: nullable(Type.String()),
  status: Status,
  score: Score,
  trainer_id: nullable(Id),
  trainer_message: nullable(Type.String()),
  trainer_file_name: nullable(Type.String()),
  check_admin: Type.Boolean(),
  late: Type.Boolean(),
  submitted_at: DateTime,
  checked_at: MaybeDateTime,
  trainer: nullable(Type.String()),
  trainer_file: nullable(Type.Object({ file_name: nullable(Type.String()), download_url: Type.String() })),
  files: Type.Array(Type.Object({ id: Id, file_name: Type.String(), size: Type.Integer(), download_url: Type.String() })),
};
export const ProjectVersion = Type.Object(version);
export const VersionAnswer = dataOf(ProjectVersion);
/** … for the back office's one-version screen: with the student and the material. */
export const ReviewedVersionAnswer = dataOf(
  Type.Object({ ...version, user_name: nullable(Type.String()), user_email: nullable(Type.String()), media_title: nullable(Type.String()), deadline: nullable(Day) }),
);

/** A version as the back office's review list shows it. */
export const VersionRow = Type.Object({
  id: Id,
  user_id: Id,
  user_name: Type.String(),
  media_id: Id,
  media_title: Type.String(),
  program_id: nullable(Id),
  version: Type.Integer(),
  status: Status,
  score: Score,
  late: Type.Boolean(),
  check_admin: Type.Boolean(),
  trainer_id: nullable(Id),
  trainer: nullable(Type.String()),
  submitted_at: DateTime,
  checked_at: MaybeDateTime,
});

const Person = Type.Object({ id: Id, name: Type.String() });
export const PeopleAnswer = dataOf(Type.Object({ students: Type.Array(Person), trainers: Type.Array(Type.Object({ id: Id, name: Type.String(), role: Type.String() })) }));

/** One student and one material (student-media.ts `state`). */
export const StudentMediaAnswer = dataOf(
  Type.Object({
    user_id: Id,
    media_id: Id,
    kind: Type.String(),
    title: Type.String(),
    score: Score,
    count_attempts: Type.Integer(),
    viewed: Type.Boolean(),
    viewed_at: MaybeDateTime,
    versions: Type.Array(Type.Object({ id: Id, version: Type.Integer(), status: Status, score: Score, check_admin: Type.Boolean() })),
  }),
);

export const CountAnswer = dataOf(Type.Object({ count: Type.Integer() }));
