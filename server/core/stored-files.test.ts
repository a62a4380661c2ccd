import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import * as schema from '../db/schema/index.ts';
import { STORED_FILE_COLUMNS } from './stored-files.ts';

/**
 * The list of columns that name stored files (server/core/stored-files.ts) is complete: every text or JSON column of
 * the schema whose name says "file" is either in it or below, with the reason it holds no stored path. A new column
 * such as `photo` or `attachment_path` fails here until someone decides; left out of the list, the sweep would remove
 * its files (server/core/file-sweep.ts).
 */
const FILE_LIKE = /path|file|image|avatar|logo|stamp|photo|picture|banner|attach|upload|document|certificate|cover|thumb|scan|media|^value$/;

const NOT_FILES: Record<string, string> = {
  'diploma_files.file_name': 'the name the file was uploaded under, shown and sent on download',
  'documents.file_name': 'the name the file was uploaded under',
  'export_jobs.file_name': 'the name a finished report downloads under',
  'template_images.file_name': 'the name the image was uploaded under, shown in the designer',
  'media.file_name': 'the name the file was uploaded under',
  'project_files.file_name': 'the name the file was uploaded under',
  'scorm_packages.file_name': "the name the package's zip was uploaded under (the package is the folder `dir`, in STORED_FOLDER_COLUMNS)",
  'submitted_projects.trainer_file_name': "the name of the trainer's file as uploaded",
  'programs.logo': 'a link to an image (uploads go through the file manager, whose rows name the file)',
  'programs.documents_title': 'a heading',
  'market_listings.demo_media': 'ids of materials, not paths',
  'settings.value': 'any setting; only `logo` holds a path, and is listed with its condition',
};

const textColumns = () =>
  (Object.values(schema).filter((t) => is(t, PgTable)) as PgTable[]).flatMap((t) => {
    const c = getTableConfig(t);
    return c.columns.filter((col) => ['PgText', 'PgVarchar', 'PgJsonb', 'PgJson'].includes(col.columnType)).map((col) => `${c.name}.${col.name}`);
  });

describe('the columns that name stored files', () => {
  const listed = STORED_FILE_COLUMNS.map(({ column }) => `${getTableConfig(column.table as PgTable).name}.${column.name}`);

  it('lists every column whose name says it holds a file, or says why it does not', () => {
    const undecided = textColumns().filter((c) => FILE_LIKE.test(c.split('.')[1]) && !listed.includes(c) && !(c in NOT_FILES));
    expect(undecided, 'add them to STORED_FILE_COLUMNS (server/core/stored-files.ts) or to NOT_FILES here').toEqual([]);
  });

  it('lists only columns that exist, each text or JSON', () => {
    const all = textColumns();
    for (const c of [...listed, ...Object.keys(NOT_FILES)]) expect(all, c).toContain(c);
    expect(listed).toContain('documents.path');
    expect(listed).toContain('users.avatar');
  });
});
