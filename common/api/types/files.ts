import type { Breadcrumb, FileOut, FolderListingAnswer, FolderOut, OneFileAnswer, SearchAnswer } from '../../../server/modules/file-manager/responses.ts';
import type { Wire } from './wire.ts';

/** What the file manager's routes answer (server/modules/file-manager/responses.ts). */
export type FolderRow = Wire<typeof FolderOut>;
export type FileRow = Wire<typeof FileOut>;
export type FolderBreadcrumb = Wire<typeof Breadcrumb>;
/** `GET /admin/file/getFolder`: a folder with its subfolders (and their file counts), files and breadcrumbs. */
export type FolderListingResult = Wire<typeof FolderListingAnswer>;
export type FolderListing = FolderListingResult['data'];
/** `GET /admin/file/{id}`: one file with its folder's breadcrumbs. */
export type OneFileResult = Wire<typeof OneFileAnswer>;
export type OneFile = OneFileResult['data'];
/** `GET /admin/file/search`: matching files (with their folder's name) and folders. */
export type FileSearchResult = Wire<typeof SearchAnswer>;
