import { BooleanField, EmailField, FunctionField, Pagination, ReferenceField, SelectField, TextField, useLocaleState, useRecordContext, type PaginationProps } from 'react-admin';
import { formatDateTime, formatFileSize, formatMoney, formatNumber, toDisplayDate } from '../../common/format/format.ts';
import { apiBaseUrl } from '../../common/tenant/tenant.ts';
import type { FieldConfig } from './types.ts';

/**
 * List cells that show numbers, dates, money and file sizes through common/format (never the browser's locale):
 * `1 234`, `DD.MM.YYYY`, `DD.MM.YYYY hh:mm:ss`, `360 000 RUB`, `175.9 КБ`. Datagrid reads `source`, `label` and
 * `sortable` from them like from react-admin's own fields.
 */
interface CellProps {
  source: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
  textAlign?: 'left' | 'right';
}

const valueAt = (r: Record<string, unknown> | undefined, source: string) =>
  source.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), r);

export function NumberCell({ source }: CellProps) {
  const r = useRecordContext();
  return <span>{formatNumber(valueAt(r, source) as number)}</span>;
}

export function DateCell({ source }: CellProps) {
  const r = useRecordContext();
  return <span>{toDisplayDate(valueAt(r, source) as string)}</span>;
}

export function DateTimeCell({ source }: CellProps) {
  const r = useRecordContext();
  return <span>{formatDateTime(valueAt(r, source) as string)}</span>;
}

export function SizeCell({ source }: CellProps) {
  const r = useRecordContext();
  const [locale] = useLocaleState();
  const v = valueAt(r, source) as number | null | undefined;
  return <span>{v === null || v === undefined ? '' : formatFileSize(v, locale)}</span>;
}

/** An amount with the currency of the record (`currency` by default). */
export function MoneyCell({ source, currencySource = 'currency' }: CellProps & { currencySource?: string }) {
  const r = useRecordContext();
  return <span>{formatMoney(valueAt(r, source) as number, valueAt(r, currencySource) as string)}</span>;
}

/** Rows per page of every back-office list: the lists open with 15 rows, so 15 is among the choices (else the selector is blank). */
export const PER_PAGE = 15;
export const ROWS_PER_PAGE = [15, 25, 50, 100];
export const ListPagination = (props: PaginationProps) => <Pagination rowsPerPageOptions={ROWS_PER_PAGE} {...props} />;

/** A stored file path is relative to the API origin. */
export const fileUrl = (p: string) => (/^(https?:|blob:|data:)/.test(p) ? p : `${apiBaseUrl()}${p}`);

/** The list cell for a configured field (here, with the list, not with the forms' inputs: see docs/admin.md). */
export function cellFor(f: FieldConfig) {
  const common = { key: f.source, source: f.source, sortable: f.sortable ?? false };
  if (f.cell) {
    const Cell = f.cell;
    return <FunctionField {...common} render={() => <Cell />} />;
  }
  switch (f.type) {
    case 'email':
      return <EmailField {...common} />;
    case 'number':
      // identifiers are names, not quantities: no grouping; every other number through common/format (`1 234`)
      return f.source === 'id' || f.source.endsWith('_id') ? <TextField {...common} /> : <NumberCell {...common} />;
    case 'size':
      return <SizeCell {...common} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'select':
      return <SelectField {...common} choices={f.choices ?? []} />;
    case 'date':
      return <DateCell {...common} />;
    case 'datetime':
      return <DateTimeCell {...common} />;
    case 'reference':
      return <ReferenceField {...common} reference={f.reference!} link={false} />;
    case 'image':
      return (
        <FunctionField
          {...common}
          render={(r: Record<string, string>) => (r[f.source] ? <img src={fileUrl(r[f.source])} alt="" style={{ maxHeight: 40, maxWidth: 80, objectFit: 'cover' }} /> : null)}
        />
      );
    case 'richtext':
      return (
        <FunctionField
          {...common}
          render={(r: Record<string, string>) =>
            (r[f.source] ?? '')
              .replace(/<[^>]*>/g, ' ')
              .replace(/\s+/g, ' ')
              .trim()
              .slice(0, 120)
          }
        />
      );
    default:
      return <TextField {...common} />;
  }
}
