import { Fragment, Suspense, useEffect } from 'react';
import { Route } from 'react-router-dom';
import {
  BulkDeleteButton,
  CreateButton,
  Datagrid,
  ExportButton,
  FilterButton,
  Resource,
  SearchInput,
  SimpleList,
  TopToolbar,
  useCreatePath,
  useListContext,
  useRecordContext,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
  type ListProps,
} from 'react-admin';
import { Box, Card, type CardProps, Link, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { FieldConfig, ResourceConfig } from './types.ts';
import { configField as field } from './fields.ts';
import { cellFor, ListPagination, PER_PAGE } from './cells.tsx';
import { listShown } from './kept-screen.ts';
import { ListBehindKeptScreen } from './behind-kept-screen.tsx';
import { lazyScreen, preloadWhenIdle } from './lazy.ts';

/**
 * The back office's first load holds the lists (a user lands on one) but not the forms: the generic edit and create
 * screens, every input and every list filter but the search are one chunk (`forms`, vite.admin.config.ts), fetched
 * once the first list's rows are on show (`PreloadForms`) or when one of them opens first.
 */
const loadForms = () => import('./forms.tsx');
const loadInputs = () => import('./inputs.tsx');
export const ConfigEdit = lazyScreen(loadForms, 'ConfigEdit');
export const ConfigCreate = lazyScreen(loadForms, 'ConfigCreate');
const LazyFilterInput = lazyScreen(loadInputs, 'FilterInput');

/** A list filter: react-admin's filter form reads its `source` (and `alwaysOn`) here; the input itself comes with the forms. */
function ConfigFilter(props: { source: string; field: FieldConfig }) {
  return (
    <Suspense fallback={null}>
      <LazyFilterInput {...props} />
    </Suspense>
  );
}

/**
 * Once the list's first rows are on show: the kept landing gives way to them (admin/framework/kept-screen.ts), and the
 * forms' chunk is fetched in idle time, so that opening a record does not wait.
 */
function PreloadForms() {
  const { isPending } = useListContext();
  useEffect(() => {
    if (isPending) return;
    listShown();
    preloadWhenIdle(loadForms);
  }, [isPending]);
  return null;
}

function EmptyList({ cfg }: { cfg: ResourceConfig }) {
  const t = useTranslate();
  return <div style={{ padding: 24, textAlign: 'center' }}>{t(cfg.list.empty ?? 'empty.none')}</div>;
}

/**
 * The list's top toolbar when the configuration has `list.actions` (or `export: false`): react-admin's own buttons
 * (filters, create where the resource has a create screen, export) and then the resource's extra ones.
 */
export function ListToolbar({ cfg }: { cfg: ResourceConfig }) {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {(cfg.list.filters?.length ?? 0) > 0 && <FilterButton />}
      {hasCreate && <CreateButton />}
      {cfg.list.export !== false && <ExportButton />}
      {(cfg.list.actions ?? []).map((A, i) => (
        <A key={i} />
      ))}
    </TopToolbar>
  );
}

/** The column a card is titled by: the record's representation when listed, else the first column that is not an id. */
function titleColumn(cfg: ResourceConfig) {
  const cols = cfg.list.columns;
  return cols.find((c) => c === cfg.recordRepresentation) ?? cols.find((c) => c !== 'id' && field(cfg, c).type !== 'image') ?? cols[0];
}

/** A card's title: the title column's cell, a link to the record's edit screen when the card itself is not one. */
function CardTitle({ cfg, link }: { cfg: ResourceConfig; link: boolean }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const cell = cellFor(field(cfg, titleColumn(cfg)));
  if (!link || !record) return <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{cell}</Box>;
  return (
    <Link component={RouterLink} to={createPath({ resource: cfg.name, id: record.id, type: 'edit' })} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {cell}
    </Link>
  );
}

/** A card's other columns, each with its label, and the row's buttons under them. */
function CardDetails({ cfg }: { cfg: ResourceConfig }) {
  const t = useTranslate();
  const title = titleColumn(cfg);
  return (
    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
      {cfg.list.columns
        .filter((c) => c !== title)
        .map((c) => (
          <Box component="span" key={c} sx={{ display: 'block' }}>
            {t(`resources.${cfg.name}.fields.${c}`)}: {cellFor(field(cfg, c))}
          </Box>
        ))}
      {(cfg.list.rowActions?.length ?? 0) > 0 && (
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          {(cfg.list.rowActions ?? []).map((A, i) => (
            <A key={i} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * On a phone a list is react-admin's SimpleList of cards (each card: its title, its columns with their labels, its
 * row buttons); a card opens the record's edit screen, or its title does when the card holds buttons of its own (a
 * button inside a link is neither clickable apart nor announced well).
 */
function CardList({ cfg, editable }: { cfg: ResourceConfig; editable: boolean }) {
  const withButtons = (cfg.list.rowActions?.length ?? 0) > 0;
  return <SimpleList rowClick={editable && !withButtons ? 'edit' : false} primaryText={<CardTitle cfg={cfg} link={editable && withButtons} />} tertiaryText={<CardDetails cfg={cfg} />} />;
}

/**
 * The list's card: a wide table scrolls inside it (admin/App.tsx), and a region that scrolls must be reachable from the
 * keyboard even when its rows hold nothing to focus (a read-only list): a named region in the tab order.
 */
function ListCard(props: CardProps) {
  const translate = useTranslate();
  const resource = useResourceContext();
  return <Card {...props} tabIndex={0} role="region" aria-label={translate(`resources.${resource}.name`, { smart_count: 2 })} />;
}

/**
 * The list's bulk buttons. A component of its own, not one declared inside ConfigList: a component made in a render is
 * a new type at each render (the list renders again when a search or a page reaches the URL), and React would put new
 * buttons in place of the old ones under the user's click.
 */
function BulkButtons({ cfg }: { cfg: ResourceConfig }) {
  return (
    <>
      {(cfg.list.bulkActions ?? []).map((A, i) => (
        <A key={i} />
      ))}
      {cfg.roles.delete !== undefined && <BulkDeleteButton mutationMode="pessimistic" />}
    </>
  );
}

export function ConfigList({ cfg, ...props }: { cfg: ResourceConfig } & Partial<ListProps>) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [...(cfg.list.search ? [<SearchInput key="q" source="q" alwaysOn />] : []), ...(cfg.list.filters ?? []).map((s) => <ConfigFilter key={s} source={s} field={field(cfg, s)} />)];
  // A read-only resource (edit: []) has no edit screen to open; without bulk work there are no row checkboxes.
  const editable = cfg.roles.edit === undefined || cfg.roles.edit.length > 0;
  const selectable = (cfg.list.bulkActions?.length ?? 0) > 0 || cfg.roles.delete !== undefined;
  return (
    <ListBehindKeptScreen
      component={ListCard}
      pagination={<ListPagination />}
      actions={cfg.list.actions?.length || cfg.list.export === false ? <ListToolbar cfg={cfg} /> : undefined}
      aside={cfg.list.aside ? <cfg.list.aside /> : undefined}
      {...props}
      filters={filters}
      sort={cfg.list.sort}
      perPage={PER_PAGE}
      empty={<EmptyList cfg={cfg} />}
    >
      <PreloadForms />
      {phone ? (
        <CardList cfg={cfg} editable={editable} />
      ) : (
        <Datagrid rowClick={editable ? 'edit' : false} bulkActionButtons={selectable ? <BulkButtons cfg={cfg} /> : false}>
          {cfg.list.columns.map((s) => cellFor(field(cfg, s)))}
          {(cfg.list.rowActions ?? []).map((A, i) => (
            <A key={`a${i}`} />
          ))}
        </Datagrid>
      )}
    </ListBehindKeptScreen>
  );
}

function screen(cfg: ResourceConfig, action: 'list' | 'edit' | 'create') {
  const Custom = cfg.screens?.[action];
  return Custom ? <Custom /> : undefined;
}

/** Turns one configuration into a react-admin `<Resource>` with list, create and edit screens. */
export function buildResource(cfg: ResourceConfig) {
  return (
    <Resource
      key={cfg.name}
      name={cfg.name}
      icon={cfg.icon}
      options={{ menu: cfg.menu }}
      recordRepresentation={cfg.recordRepresentation}
      list={screen(cfg, 'list') ?? <ConfigList cfg={cfg} />}
      edit={cfg.roles.edit === undefined || cfg.roles.edit.length ? (screen(cfg, 'edit') ?? <ConfigEdit cfg={cfg} />) : undefined}
      create={cfg.roles.create?.length ? (screen(cfg, 'create') ?? <ConfigCreate cfg={cfg} />) : undefined}
    >
      {cfg.routes?.map(({ path, screen: Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
    </Resource>
  );
}
export { Fragment };
