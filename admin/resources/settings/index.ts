import SettingsIcon from '@mui/icons-material/Settings';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const SettingsPage = lazyScreen(() => import('./SettingsPage.tsx'), 'SettingsPage');

/**
 * Settings of the school (admins and superadmins): one custom screen with a tab per section — client settings
 * 13/16/17/19, logo, SMTP with a test mail, social links, admin e-mails, welcome mail ru/en, section flags.
 */
export const settings: ResourceConfig = {
  name: 'settings',
  menu: { group: 'settings', rank: 10 },
  apiPath: '/admin/setting',
  icon: SettingsIcon,
  roles: { list: ACCESS.school.read, edit: [], create: [] },
  fields: [{ source: 'id', type: 'number' }],
  list: { columns: ['id'] },
  screens: { list: SettingsPage },
};
