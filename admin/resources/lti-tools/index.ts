import ExtensionIcon from '@mui/icons-material/Extension';
import type { ResourceConfig } from '../../framework/types.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { PlatformAddresses } from './PlatformAddresses.tsx';

/**
 * LTI 1.3 tools (issue 33, docs/standards.md "LTI 1.3"): an admin registers a tool (its client id, login initiation and
 * launch URLs, its keys as a JWKS URL or a PEM public key, the deployment id, whether it is told the user's name and
 * e-mail); a material of kind "LTI tool" then launches it. Beside the form, the school's platform addresses to give
 * the tool's owner. Trainers may read the list (the materials name the tools).
 */
export const ltiTools: ResourceConfig = {
  name: 'ltiTools',
  menu: { group: 'learning', rank: 35 },
  apiPath: '/admin/ltiTool',
  icon: ExtensionIcon,
  roles: { list: ACCESS.materials.read, create: ACCESS.school.read, edit: ACCESS.school.read, delete: ACCESS.school.read },
  recordRepresentation: 'name',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'name', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'client_id', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'login_url', type: 'text', required: true, maxLength: 2000, helperText: 'ltiTools.hints.login_url' },
    { source: 'launch_url', type: 'text', required: true, maxLength: 2000, helperText: 'ltiTools.hints.launch_url' },
    { source: 'jwks_url', type: 'text', maxLength: 2000, helperText: 'ltiTools.hints.keys' },
    { source: 'public_key', type: 'textarea', maxLength: 10000, helperText: 'ltiTools.hints.keys' },
    { source: 'deployment_id', type: 'text', required: true, maxLength: 255 },
    { source: 'send_name', type: 'boolean' },
    { source: 'send_email', type: 'boolean' },
    { source: 'materials_count', type: 'number' },
    { source: 'created_at', type: 'datetime', sortable: true },
  ],
  list: { columns: ['id', 'name', 'client_id', 'deployment_id', 'materials_count', 'created_at'], search: true, sort: { field: 'id', order: 'DESC' } },
  form: [
    { label: 'tabs.main', fields: ['name', 'client_id', 'login_url', 'launch_url', 'deployment_id'] },
    { label: 'ltiTools.tabs.keys', fields: ['jwks_url', 'public_key'] },
    { label: 'ltiTools.tabs.privacy', fields: ['send_name', 'send_email'] },
  ],
  editAside: PlatformAddresses,
};
