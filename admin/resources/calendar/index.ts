import EventIcon from '@mui/icons-material/Event';
import type { ResourceConfig } from '../../framework/types.ts';
import { ACCESS, ADMINS as SCHOOL_ADMINS } from '../../../common/access/roles.ts';

export const KINDS = [
  { id: 'consulting', name: 'calendar.kind.consulting' },
  { id: 'webinar', name: 'calendar.kind.webinar' },
];
const STAFF = ACCESS.curatorWork.read;

/**
 * Calendar events of the school (consulting sessions and webinars) for admins, superadmins and curators; students see
 * them in the portal's calendar. Wholly generated: start and end are `datetime` fields (typed `DD.MM.YYYY hh:mm` in the
 * viewer's time zone, sent as ISO 8601 UTC instants), the end may not be earlier than the start, and only admins tie
 * an event to a program (empty: the whole school). The list filters by kind and by a period of days (`from`, `to`).
 */
export const calendar: ResourceConfig = {
  name: 'calendar',
  menu: { group: 'people', rank: 80 },
  apiPath: '/admin/calendar',
  icon: EventIcon,
  roles: { list: STAFF, create: STAFF, edit: STAFF, delete: STAFF },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'kind', type: 'select', choices: KINDS, required: true, sortable: true },
    { source: 'starts_at', type: 'datetime', required: true, sortable: true },
    { source: 'ends_at', type: 'datetime', required: true, notBefore: 'starts_at', sortable: true },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title', roles: SCHOOL_ADMINS, helperText: 'calendar.program_hint' },
    { source: 'program_title', type: 'text' },
    { source: 'from', type: 'date' },
    { source: 'to', type: 'date' },
  ],
  list: { columns: ['id', 'title', 'kind', 'program_title', 'starts_at', 'ends_at'], filters: ['kind', 'from', 'to'], search: true, sort: { field: 'starts_at', order: 'DESC' } },
  form: [{ label: 'tabs.main', fields: ['title', 'kind', 'starts_at', 'ends_at', 'program_id'] }],
  redirectAfterCreate: 'list',
};
