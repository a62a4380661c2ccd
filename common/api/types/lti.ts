import type { LaunchStart, LtiMaterial } from '../../../server/modules/lti/schemas.ts';
import type { DataAnswer } from './answers.ts';

/** What the portal's LTI routes answer (server/modules/lti/schemas.ts). */
export type LtiMaterialAnswer = DataAnswer<typeof LtiMaterial>;
export type LtiMaterialData = LtiMaterialAnswer['data'];
export type LtiLaunchAnswer = DataAnswer<typeof LaunchStart>;
