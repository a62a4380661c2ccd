import CampaignIcon from '@mui/icons-material/Campaign';
import type { ResourceConfig } from '../../framework/types.ts';
import { ADMINS as SCHOOL_ADMINS } from '../../../common/access/roles.ts';

/**
 * Curator news (spec route news/curator): the curators' own news channel, written and read by curators (moderators);
 * students never see it. Admins manage the same items in "News" (audience "Curators").
 */
export const curatorNews: ResourceConfig = {
  name: 'curator-news',
  menu: { group: 'people', rank: 50 },
  apiPath: '/admin/news/curator',
  icon: CampaignIcon,
  roles: { list: ['moderator'], create: ['moderator'], edit: ['moderator'], delete: ['moderator'] },
  routeAlso: Object.fromEntries(
    (['list', 'create', 'edit', 'delete'] as const).map((a) => [a, { roles: SCHOOL_ADMINS, why: "admins read and oversee the curators' news (the news list shows them too)" }]),
  ),
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'title_en', type: 'text', maxLength: 255 },
    { source: 'body', type: 'richtext', required: true, maxLength: 100000 },
    { source: 'required', type: 'boolean', sortable: true },
    { source: 'read_count', type: 'number' },
    { source: 'published_at', type: 'date', sortable: true },
  ],
  list: { columns: ['id', 'title', 'required', 'read_count', 'published_at'], filters: ['required'], search: true, sort: { field: 'published_at', order: 'DESC' } },
  form: [{ label: 'tabs.main', fields: ['title', 'title_en', 'body', 'required'] }],
  redirectAfterCreate: 'list',
};
