import type { SendAnswer } from '../../../server/modules/mail-admin/index.ts';
import type { Wire } from './wire.ts';

/** `POST /admin/email/send` (server/modules/mail-admin). */
export type MailSendResult = Wire<typeof SendAnswer>;
