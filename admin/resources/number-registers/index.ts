import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import type { ResourceConfig } from '../../framework/types.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/**
 * Numbering registers of the diplomas (`GET /admin/number_register`, issue 31): per document template and year, the
 * last number issued and the next one. Read-only: the numbers move by issuing; where a register goes on is set through
 * `PUT /admin/number_register` (docs/documents.md). Not the portal's sign-ups, which are the `registers` resource.
 */
export const numberRegisters: ResourceConfig = {
  name: 'number_registers',
  menu: { group: 'learning', rank: 92 },
  apiPath: '/admin/number_register',
  icon: FormatListNumberedIcon,
  roles: { list: ACCESS.school.read, edit: [], create: [] },
  recordRepresentation: 'template_title',
  fields: [
    { source: 'template_id', type: 'reference', reference: 'templates', optionText: 'title' },
    { source: 'template_title', type: 'text', sortable: true },
    { source: 'year', type: 'number', sortable: true },
    { source: 'last_number', type: 'number', sortable: true },
    { source: 'next', type: 'text' },
    { source: 'updated_at', type: 'datetime' },
  ],
  list: {
    columns: ['template_title', 'year', 'last_number', 'next', 'updated_at'],
    filters: ['template_id', 'year'],
    sort: { field: 'year', order: 'DESC' },
    export: false,
    empty: 'number_registers.empty',
  },
};
