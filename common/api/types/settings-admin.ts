import type { TArray } from 'typebox';
import type { AccessFlags, AdminEmailsAnswer, ClientSetting, EmailSettingsAnswer, RegistrationAnswer, SocialLinks, WelcomeMailAnswer } from '../../../server/modules/settings/responses.ts';
import type { DataAnswer } from './answers.ts';
import type { Wire } from './wire.ts';

/** What the settings' back-office routes answer (server/modules/settings/responses.ts). */
export type ClientSettingRow = Wire<typeof ClientSetting>;
export type ClientSettingRows = DataAnswer<TArray<typeof ClientSetting>>;
export type EmailSettings = Wire<typeof EmailSettingsAnswer>;
export type AdminSocialLinks = DataAnswer<typeof SocialLinks>;
export type AdminEmails = Wire<typeof AdminEmailsAnswer>;
export type WelcomeMail = Wire<typeof WelcomeMailAnswer>;
export type SchoolAccessFlags = DataAnswer<typeof AccessFlags>;
export type RegistrationSetting = Wire<typeof RegistrationAnswer>;
