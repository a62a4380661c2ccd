import type {
  Instalments as InstalmentsSchema,
  LearningDurations as LearningDurationsSchema,
  PublicAccessAnswer,
  PublicLogoAnswer,
  PublicSettingAnswer,
  SomeSocialLinksAnswer,
} from '../../../server/modules/settings/responses.ts';
import type { Wire } from './wire.ts';

/** The school's public settings as the apps read them (server/modules/settings/public.ts). */
export type AccessAnswer = Wire<typeof PublicAccessAnswer>;
export type SchoolFaceAnswer = Wire<typeof PublicLogoAnswer>;
/** `GET /api/setting/{id}`: the value is one of the settings' shapes (which one by the id). */
export type ClientSettingAnswer = Wire<typeof PublicSettingAnswer>;
export type LearningDurations = Wire<typeof LearningDurationsSchema>;
export type Instalments = Wire<typeof InstalmentsSchema>;
export type SocialLinksAnswer = Wire<typeof SomeSocialLinksAnswer>;
