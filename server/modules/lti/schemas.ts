import { Type } from 'typebox';
import { Id, nullable } from '../../core/schemas.ts';
import { DateTime } from '../../core/responses.ts';

/** A tool as the back office reads it, with the school's platform addresses its owner registers on their side. */
export const AdminTool = Type.Object({
  id: Id,
  name: Type.String(),
  client_id: Type.String(),
  login_url: Type.String(),
  launch_url: Type.String(),
  jwks_url: nullable(Type.String()),
  public_key: nullable(Type.String()),
  deployment_id: Type.String(),
  send_name: Type.Boolean(),
  send_email: Type.Boolean(),
  created_at: DateTime,
  materials_count: Type.Integer(),
  platform: Type.Object({ issuer: Type.String(), jwks_url: Type.String(), auth_url: Type.String(), token_url: Type.String() }),
});

/** `POST /api/lti/launch/:id`: where the browser goes to start the tool's OIDC login, and the parameters in that URL. */
export const LaunchStart = Type.Object({
  url: Type.String(),
  params: Type.Object({
    iss: Type.String(),
    login_hint: Type.String(),
    lti_message_hint: Type.String(),
    target_link_uri: Type.String(),
    client_id: Type.String(),
    lti_deployment_id: Type.String(),
  }),
});

/** A material of kind `lti` as the portal shows it: its tool and the grade the tool sent back, if any. */
export const LtiMaterial = Type.Object({
  media_id: Id,
  tool: Type.String(),
  grade: nullable(
    Type.Object({
      score_given: nullable(Type.Number()),
      score_maximum: nullable(Type.Number()),
      percent: nullable(Type.Number()),
      activity_progress: Type.String(),
      grading_progress: Type.String(),
      comment: nullable(Type.String()),
      updated_at: DateTime,
    }),
  ),
});

/** The public half of the school's key pair (RFC 7517). */
export const Jwks = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });

/** The OAuth 2 token endpoint's answer (client credentials). */
export const AccessToken = Type.Object({ access_token: Type.String(), token_type: Type.Literal('Bearer'), expires_in: Type.Integer(), scope: Type.String() });

/** An AGS line item (application/vnd.ims.lis.v2.lineitem+json). */
export const LineItem = Type.Object({
  id: Type.String(),
  label: Type.String(),
  scoreMaximum: Type.Number(),
  resourceLinkId: Type.Optional(Type.String()),
  resourceId: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
});

export const LineItemBody = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 255 }),
  scoreMaximum: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
  resourceLinkId: Type.Optional(Type.String({ maxLength: 64 })),
  resourceId: Type.Optional(Type.String({ maxLength: 255 })),
  tag: Type.Optional(Type.String({ maxLength: 255 })),
});

/** An AGS result (application/vnd.ims.lis.v2.resultcontainer+json items). */
export const Result = Type.Object({
  id: Type.String(),
  scoreOf: Type.String(),
  userId: Type.String(),
  resultScore: Type.Optional(Type.Number()),
  resultMaximum: Type.Optional(Type.Number()),
  comment: Type.Optional(Type.String()),
});

const Progress = <const T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));
/** An AGS score (application/vnd.ims.lis.v1.score+json). */
export const ScoreBody = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 64 }),
  scoreGiven: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
  scoreMaximum: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })),
  activityProgress: Progress(['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'] as const),
  gradingProgress: Progress(['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'] as const),
  timestamp: Type.String({ format: 'date-time' }),
  comment: Type.Optional(Type.String({ maxLength: 10_000 })),
});
