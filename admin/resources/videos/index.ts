import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { ResourceConfig } from '../../framework/types.ts';
import { VideosList } from './VideosList.tsx';
import { ACCESS } from '../../../common/access/roles.ts';

/** Videos (spec route "video", admins): the materials of kind video with a player; uploads and edits go through `media`. */
export const videos: ResourceConfig = {
  name: 'videos',
  menu: { group: 'learning', rank: 40 },
  apiPath: '/admin/media',
  icon: VideoLibraryIcon,
  roles: { list: ACCESS.materials.write, create: [], edit: [] },
  routeAlso: { list: { roles: ['trainer'], why: 'the program builder lists materials to attach (trainers edit their programs)' } },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', sortable: true },
    { source: 'file_name', type: 'text' },
    { source: 'size', type: 'size', sortable: true },
    { source: 'created_at', type: 'datetime', sortable: true },
  ],
  list: { columns: ['id', 'title', 'file_name', 'size', 'created_at'], search: true },
  screens: { list: VideosList },
};
