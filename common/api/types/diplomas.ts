import type { Static } from 'typebox';
import type { BatchView } from '../../../server/modules/diplomas/batch.ts';
import type { DeclensionView } from '../../../server/modules/diplomas/declension-routes.ts';
import type { DiplomaDocument } from '../../../server/modules/diplomas/responses.ts';

/** A bulk issue as `/admin/diploma_batch/:id` answers it: progress, failures, the ZIP. */
export type DiplomaBatch = Static<typeof BatchView>;
/** The cases `/admin/diploma/declension` proposes. */
export type Declension = Static<typeof DeclensionView>;
/** A document issued for a diploma, with its verification code and revocation. */
export type IssuedDocument = Static<typeof DiplomaDocument>;
