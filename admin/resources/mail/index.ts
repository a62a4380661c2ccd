import MailIcon from '@mui/icons-material/Mail';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const MailCompose = lazyScreen(() => import('./MailCompose.tsx'), 'MailCompose');

/** Mail to users (admins, superadmins, curators), shown only while the school's `message` section is on. */
export const mail: ResourceConfig = {
  name: 'mail',
  menu: { group: 'people', rank: 70 },
  apiPath: '/admin/email/send',
  icon: MailIcon,
  flag: 'message',
  roles: { list: ACCESS.curatorWork.read, edit: [], create: [] },
  fields: [{ source: 'id', type: 'number' }],
  list: { columns: ['id'] },
  screens: { list: MailCompose },
};
