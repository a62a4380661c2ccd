import type { Static } from 'typebox';
import type { BatchView, ProposedName } from '../../../server/modules/diplomas/batch.ts';
import type { DeclensionView } from '../../../server/modules/diplomas/declension-routes.ts';
import type { DiplomaDocument } from '../../../server/modules/diplomas/responses.ts';

/** A bulk issue as `/admin/diploma_batch/:id` answers it: progress, failures, the ZIP. */
export type DiplomaBatch = Static<typeof BatchView>;
/** The cases `/admin/diploma/declension` proposes. */
export type Declension = Static<typeof DeclensionView>;
/** A document issued for a diploma, with its verification code and revocation. */
export type IssuedDocument = Static<typeof DiplomaDocument>;
/** A student a bulk issue would name, with the cases `/admin/diploma_batch/names` proposes (editable in the dialog). */
export type ProposedNameForm = Static<typeof ProposedName>;
