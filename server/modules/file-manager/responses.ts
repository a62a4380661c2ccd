import { Type } from 'typebox';
import { Id, nullable } from '../../core/schemas.ts';
import { DateTime, dataOf } from '../../core/responses.ts';

/** Response schemas of the file manager (docs/api.md "Response contracts"); the back office's types derive from them. */

const folderFields = { id: Id, parent_id: nullable(Id), name: Type.String(), is_default: Type.Boolean(), created_at: DateTime };
/** A folder (`folderView`). */
export const FolderOut = Type.Object(folderFields);
const fileFields = { id: Id, folder_id: Id, name: Type.String(), size: Type.Integer(), mime: Type.String(), created_at: DateTime, download_url: Type.String() };
/** A file (`fileView`): never its stored path. */
export const FileOut = Type.Object(fileFields);
/** The way from the default folder down to a folder. */
export const Breadcrumb = Type.Object({ id: Id, name: Type.String(), is_default: Type.Boolean() });

/** `GET /admin/file/getFolder`: a folder with its subfolders (and their file counts), files and breadcrumbs. */
export const FolderListingAnswer = dataOf(
  Type.Object({
    folder: FolderOut,
    folders: Type.Array(Type.Object({ ...folderFields, files_count: Type.Integer() })),
    files: Type.Array(FileOut),
    breadcrumbs: Type.Array(Breadcrumb),
  }),
);
/** `GET /admin/file/search`: files (with their folder's name) and folders whose name matches. */
export const SearchAnswer = dataOf(Type.Object({ files: Type.Array(Type.Object({ ...fileFields, folder_name: Type.String() })), folders: Type.Array(FolderOut) }));
/** `GET /admin/file/{id}`: one file with its folder's breadcrumbs. */
export const OneFileAnswer = dataOf(Type.Object({ ...fileFields, breadcrumbs: Type.Array(Breadcrumb) }));
