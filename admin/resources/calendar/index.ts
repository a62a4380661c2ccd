import EventIcon from '@mui/icons-material/Event';
import type { ResourceConfig } from '../../framework/types.ts';
import { EventCreate, EventEdit, KINDS } from './EventForm.tsx';
import { en, ru } from './messages.ts';

/**
 * Calendar events of the school (consulting sessions and webinars) for admins, superadmins and curators; students see
 * them in the portal's calendar. A generated list; small create/edit screens of its own for the date-and-time inputs.
 */
export const calendar: ResourceConfig = {
  name: 'calendar',
  apiPath: '/admin/calendar',
  icon: EventIcon,
  roles: { list: ['superadmin', 'admin', 'moderator'], create: ['superadmin', 'admin', 'moderator'], edit: ['superadmin', 'admin', 'moderator'], delete: ['superadmin', 'admin', 'moderator'] },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'kind', type: 'select', choices: KINDS, sortable: true },
    { source: 'program_title', type: 'text' },
    { source: 'starts_at', type: 'datetime', sortable: true },
    { source: 'ends_at', type: 'datetime', sortable: true },
  ],
  list: { columns: ['id', 'title', 'kind', 'program_title', 'starts_at', 'ends_at'], filters: ['kind'], search: true, sort: { field: 'starts_at', order: 'DESC' } },
  screens: { create: EventCreate, edit: EventEdit },
  messages: { ru, en },
};
