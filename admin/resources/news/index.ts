import NewspaperIcon from '@mui/icons-material/Newspaper';
import type { ResourceConfig } from '../../framework/types.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** News of the school for admins (audience everyone or curators); curators manage theirs in "curator-news". Bodies are sanitised on the server. */
export const news: ResourceConfig = {
  name: 'news',
  menu: { group: 'people', rank: 40 },
  apiPath: '/admin/news',
  icon: NewspaperIcon,
  roles: { list: ACCESS.school.read, create: ACCESS.school.read, edit: ACCESS.school.read, delete: ACCESS.school.read },
  routeAlso: Object.fromEntries(
    (['list', 'create', 'edit', 'delete'] as const).map((a) => [a, { roles: ['moderator'], why: "curators write curator news through the same routes, limited to the curators' audience" }]),
  ),
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'title_en', type: 'text', maxLength: 255 },
    { source: 'body', type: 'richtext', required: true, maxLength: 100000 },
    { source: 'required', type: 'boolean' },
    {
      source: 'audience',
      type: 'select',
      choices: [
        { id: 'all', name: 'news.audience.all' },
        { id: 'curators', name: 'news.audience.curators' },
      ],
    },
    { source: 'published_at', type: 'date', sortable: true },
  ],
  list: { columns: ['id', 'title', 'required', 'audience', 'published_at'], filters: ['audience', 'required'], search: true, sort: { field: 'id', order: 'DESC' } },
  form: [{ label: 'tabs.main', fields: ['title', 'title_en', 'body', 'required', 'audience'] }],
  redirectAfterCreate: 'list',
};
