import { CsvError, parse } from 'csv-parse/sync';
import { SchoolInputError, type InputProblem, type RawSchool } from './input.ts';

/** The columns of schools.csv (docs/operations.md): a header row naming them, in any order; `languages` and `sections` may be left out. */
export const CSV_COLUMNS = ['slug', 'title', 'languages', 'sections', 'admin_email'] as const;
const REQUIRED = ['slug', 'title', 'admin_email'];

/**
 * Reads schools.csv into schools to create, each with its row (the header is row 1, as a spreadsheet numbers them).
 * A file that is not CSV as expected (a quote left open, a row with more cells than the header, a column unknown or
 * missing) throws a SchoolInputError naming the row; the schools' fields are checked later, by createSchools.
 * Comma-separated; a cell holding commas (`"ru,en"`) is quoted; a UTF-8 byte-order mark and empty lines are ignored.
 */
export function readSchoolsCsv(text: string): RawSchool[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  const problems: InputProblem[] = [];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim().toLowerCase());
        for (const n of names)
          if (!(CSV_COLUMNS as readonly string[]).includes(n)) problems.push({ row: 1, field: n || '(empty)', reason: `is not a column: the columns are ${CSV_COLUMNS.join(', ')}` });
        for (const n of REQUIRED) if (!names.includes(n)) problems.push({ row: 1, field: n, reason: 'column missing from the header row' });
        const twice = names.filter((n, i) => names.indexOf(n) !== i);
        for (const n of new Set(twice)) problems.push({ row: 1, field: n, reason: 'column named twice in the header row' });
        return names;
      },
      skip_empty_lines: true,
      info: true,
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const row = (err as CsvError & { lines?: number }).lines;
    throw new SchoolInputError([...problems, { row, field: 'csv', reason: csvReason(err) }]);
  }
  if (problems.length) throw new SchoolInputError(problems);
  if (!records.length) throw new SchoolInputError([{ field: 'csv', reason: 'no school below the header row' }]);
  return records.map(({ record, info }) => ({ ...record, row: info.lines }));
}

/** csv-parse's message without its own line number (the row is named apart) and code. */
function csvReason(err: CsvError) {
  if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || err.code === 'CSV_RECORD_INCONSISTENT_COLUMNS')
    return 'has a different number of cells than the header row (a comma in a cell must be quoted: "ru,en")';
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quote on this row or above is never closed';
  return err.message.replace(/^Invalid [^:]*: /, '').replace(/ at line \d+/, '');
}
