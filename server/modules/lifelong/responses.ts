import { Type, type Static } from 'typebox';
import type { AchievementRule, AmoduleKind } from '../../db/schema/index.ts';
import { achievementRules, amoduleKinds } from '../../db/schema/index.ts';
import { DateTime, MaybeDateTime, dataOf, listOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** What lifelong learning's routes answer (docs/api.md "Response contracts"). */

const Text = Type.String();
const MaybeText = nullable(Text);
const Count = Type.Integer({ minimum: 0 });
const Rule = Type.Unsafe<AchievementRule>({ type: 'string', enum: [...achievementRules] });
const ModuleKind = Type.Unsafe<AmoduleKind>({ type: 'string', enum: [...amoduleKinds] });

/** A branch; `image` is its public URL (or null). */
const BranchFields = { id: Id, tenant_id: Id, title: Text, title_en: MaybeText, description: MaybeText, image: MaybeText, sort: Type.Integer(), created_at: DateTime };
const Branch = Type.Object(BranchFields);
/** A program of a branch. */
const Aprogram = Type.Object({ id: Id, tenant_id: Id, abranch_id: Id, title: Text, title_en: MaybeText, description: MaybeText, sort: Type.Integer(), created_at: DateTime });
/** A module of a branch program: one program, material or quiz of the school (the one its kind names). */
const Amodule = Type.Object({
  id: Id,
  tenant_id: Id,
  aprogram_id: Id,
  title: Text,
  title_en: MaybeText,
  kind: ModuleKind,
  program_id: nullable(Id),
  media_id: nullable(Id),
  quiz_id: nullable(Id),
  sort: Type.Integer(),
});
/** An achievement with its rule's parameters; `image` is the badge's public URL (or null). */
const AchievementFields = {
  id: Id,
  tenant_id: Id,
  abranch_id: Id,
  title: Text,
  title_en: MaybeText,
  description: MaybeText,
  image: MaybeText,
  rule: Rule,
  program_id: nullable(Id),
  quiz_id: nullable(Id),
  media_id: nullable(Id),
  min_percent: nullable(Type.Number()),
  module_ids: nullable(Type.Array(Id)),
  count: nullable(Type.Integer()),
  sort: Type.Integer(),
  created_at: DateTime,
};
const Achievement = Type.Object(AchievementFields);
/** An award as stored: automatic or by hand, withdrawn or not. */
const Award = Type.Object({
  id: Id,
  tenant_id: Id,
  achievement_id: Id,
  user_id: Id,
  credential_id: Type.String({ format: 'uuid' }),
  manual: Type.Boolean(),
  reason: Text,
  awarded_by: nullable(Id),
  awarded_at: DateTime,
  revoked_at: MaybeDateTime,
  revoked_reason: MaybeText,
  revoked_by: nullable(Id),
  revoked_manual: Type.Boolean(),
});

export const BranchPage = listOf(Branch);
export const BranchAnswer = dataOf(Branch);
export const BranchTree = dataOf(
  Type.Object({
    ...BranchFields,
    programs: Type.Array(Type.Object({ ...Aprogram.properties, modules: Type.Array(Amodule) })),
    achievements: Type.Array(Type.Object({ ...AchievementFields, earned: Count })),
  }),
);
export const AprogramPage = listOf(Aprogram);
export const AprogramAnswer = dataOf(Aprogram);
export const AmodulePage = listOf(Amodule);
export const AmoduleAnswer = dataOf(Amodule);
export const AchievementPage = listOf(Achievement);
export const AchievementAnswer = dataOf(Achievement);
/** The new order: the ids as sent. */
export const SortAnswer = dataOf(Type.Object({ ids: Type.Array(Id) }));
export const AwardPage = listOf(
  Type.Object({
    id: Id,
    user_id: Id,
    user_name: Text,
    user_surname: Text,
    manual: Type.Boolean(),
    reason: Text,
    awarded_at: DateTime,
    revoked_at: MaybeDateTime,
    revoked_reason: MaybeText,
    credential_id: Type.String({ format: 'uuid' }),
  }),
);
export const AwardAnswer = dataOf(Award);
/** The achievements a recomputation awarded and withdrew. */
export const RecomputeAnswer = dataOf(Type.Object({ awarded: Type.Array(Id), withdrawn: Type.Array(Id) }));

// ---- the student's screens

/** What is still missing for an achievement (awards.ts `Missing`): `need` is a quiz's least percent or how many more programs. */
const Missing = Type.Object({
  kind: Type.Union([Type.Literal('program'), Type.Literal('quiz'), Type.Literal('project'), Type.Literal('media'), Type.Literal('module'), Type.Literal('programs')]),
  id: nullable(Id),
  title: Text,
  need: Type.Optional(Type.Number()),
});
/** An achievement as the student sees it: earned (when, why, the credential's id) or what is missing. */
const MyAchievement = Type.Object({
  ...AchievementFields,
  branch_title: MaybeText,
  branch_title_en: MaybeText,
  earned: Type.Boolean(),
  awarded_at: MaybeDateTime,
  reason: MaybeText,
  credential_id: MaybeText,
  missing: Type.Array(Missing),
});
const BranchProgressFields = {
  ...BranchFields,
  modules_total: Count,
  modules_done: Count,
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  achievements_total: Count,
  achievements_earned: Count,
};
const MyProgram = Type.Object({
  id: Id,
  title: Text,
  title_en: MaybeText,
  description: MaybeText,
  done: Type.Boolean(),
  modules_total: Count,
  modules_done: Count,
  modules: Type.Array(Type.Object({ id: Id, title: Text, title_en: MaybeText, kind: ModuleKind, done: Type.Boolean(), link: MaybeText })),
});
export const MyBranches = dataOf(Type.Array(Type.Object({ ...BranchProgressFields, programs_total: Count, programs_done: Count })));
export const MyBranch = dataOf(Type.Object({ ...BranchProgressFields, programs: Type.Array(MyProgram), achievements: Type.Array(MyAchievement) }));
export const MyAchievements = dataOf(Type.Array(MyAchievement));

// ---- credentials: shapes fixed by their standards

/**
 * A public key of the school as a JWK (RFC 7517, RFC 8037: an Ed25519 key, `kty` OKP). Only these members: the
 * private part (`d`) is never sent, whatever the stored row holds.
 */
export const PublicJwk = Type.Object({
  kty: Type.Literal('OKP'),
  crv: Type.Literal('Ed25519'),
  x: Type.String({ description: 'The public key, base64url' }),
  kid: Text,
  alg: Type.Literal('EdDSA'),
  use: Type.Literal('sig'),
});
export type PublicJwk = Static<typeof PublicJwk>;
/** A JWK Set (RFC 7517 §5): no `{ data }` envelope, verifiers read `keys`. */
export const Jwks = Type.Object({ keys: Type.Array(PublicJwk) });
/** The issuer profile the credentials name (Open Badges 3.0 `Profile`), with its keys. */
export const IssuerAnswer = dataOf(Type.Object({ type: Type.Array(Type.Literal('Profile')), name: Text, url: Text, keys: Type.Array(PublicJwk) }));

/** A credential as a file: the compact JWS of an Open Badges 3.0 credential (`typ: vc+jwt`). */
export const CredentialFile = Type.String({ pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', description: 'A JWT-VC (vc+jwt)' });

const Types = Type.Array(Text);
/**
 * The payload of a signed credential (credentials.ts `signCredential`): an Open Badges 3.0 `OpenBadgeCredential`
 * (W3C Verifiable Credentials data model 2.0) with the JWT's registered claims beside it.
 */
export const CredentialPayload = Type.Object({
  '@context': Type.Array(Text),
  id: Text,
  type: Types,
  issuer: Type.Object({ id: Text, type: Types, name: Text, url: Text }),
  validFrom: DateTime,
  name: Text,
  credentialSubject: Type.Object({
    id: Text,
    type: Types,
    name: Text,
    achievement: Type.Object({
      id: Text,
      type: Types,
      name: Text,
      description: Text,
      criteria: Type.Object({ narrative: Text }),
      image: Type.Optional(Type.Object({ id: Text, type: Type.Literal('Image') })),
    }),
  }),
  credentialStatus: Type.Object({ id: Text, type: Text }),
  evidence: Type.Array(Type.Object({ id: Text, type: Types, name: Text })),
  iss: Text,
  sub: Text,
  jti: Text,
  iat: Type.Integer(),
  nbf: Type.Integer(),
});
export type CredentialPayload = Static<typeof CredentialPayload>;

/** The public state of an award: who earned what, when, from which school, and whether it still holds. */
const CredentialStateFields = {
  credential_id: Type.String({ format: 'uuid' }),
  status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]),
  revoked_at: MaybeDateTime,
  student: Text,
  achievement: Type.Object({ title: Text, title_en: MaybeText, description: MaybeText, image: MaybeText }),
  school: Text,
  /** Null for a credential withdrawn and superseded by a new grant of the same award (its JWT holds the date). */
  awarded_at: MaybeDateTime,
  reason: Text,
};
/** `credential`: the signed credential, null for a superseded one (only its holder has it). */
export const CredentialCheck = dataOf(Type.Object({ ...CredentialStateFields, credential: Type.Union([CredentialFile, Type.Null()]) }));
/** An issued document's public facts (a diploma, issue 31), as its verification page shows them. */
const IssuedDocument = Type.Object({
  code: Text,
  status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]),
  school: Text,
  name: Text,
  program: MaybeText,
  title: Text,
  registration_number: Text,
  date_issue: Text,
  revoked_at: MaybeDateTime,
});
/**
 * A verification: a bad signature (`signature: false`, status invalid); a good one with the award's state, an issued
 * document's (a diploma: `document`), or status unknown when the school no longer holds either; with the payload.
 */
export const CredentialVerification = dataOf(
  Type.Union([
    Type.Object({ signature: Type.Literal(true), ...CredentialStateFields, payload: CredentialPayload }),
    Type.Object({ signature: Type.Literal(true), status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]), document: IssuedDocument, payload: CredentialPayload }),
    Type.Object({ signature: Type.Literal(true), status: Type.Literal('unknown'), payload: CredentialPayload }),
    Type.Object({ signature: Type.Literal(false), status: Type.Literal('invalid') }),
  ]),
);
