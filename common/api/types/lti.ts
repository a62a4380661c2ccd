import type { AdminTool, LaunchStart, LtiMaterial } from '../../../server/modules/lti/schemas.ts';
import type { DataAnswer } from './answers.ts';
import type { Wire } from './wire.ts';

/** What the portal's LTI routes answer (server/modules/lti/schemas.ts). */
export type LtiMaterialAnswer = DataAnswer<typeof LtiMaterial>;
export type LtiMaterialData = LtiMaterialAnswer['data'];
export type LtiLaunchAnswer = DataAnswer<typeof LaunchStart>;
/** An LTI tool as the back office reads it, with the school's platform addresses. */
export type LtiTool = Wire<typeof AdminTool>;
