import type { Breadcrumb, FileOut, FolderOut } from '../../../server/modules/file-manager/index.ts';
import type { Wire } from './wire.ts';

/** What the file manager's routes answer (server/modules/file-manager). */
export type FolderRow = Wire<typeof FolderOut>;
export type FileRow = Wire<typeof FileOut>;
export type FolderBreadcrumb = Wire<typeof Breadcrumb>;
/** `GET /admin/file/getFolder`: a folder with its subfolders (and their file counts), files and breadcrumbs. */
export type FolderListing = { folder: FolderRow; folders: (FolderRow & { files_count: number })[]; files: FileRow[]; breadcrumbs: FolderBreadcrumb[] };
/** `GET /admin/file/{id}`: one file with its folder's breadcrumbs. */
export type OneFile = FileRow & { breadcrumbs: FolderBreadcrumb[] };
