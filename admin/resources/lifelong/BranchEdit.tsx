import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Confirm, DeleteWithConfirmButton, Edit, Link, SaveButton, useCreatePath, SimpleForm, Toolbar, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Autocomplete, Avatar, Box, Button, Card, CardContent, Chip, CircularProgress, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey, useApiQuery, useApiWrite } from '../../providers/queries.ts';
import { SortableItem, SortableList } from '../../framework/Sortable.tsx';
import { inputFor, transformFor } from '../../framework/inputs.tsx';
import { abranch } from './index.ts';
import type { BranchModule, BranchProgram, BranchTreeAnswer, BranchTreeData } from '../../../common/api/types/lifelong-admin.ts';
import { autocompleteTexts } from '../../framework/autocomplete-texts.ts';

type Module = BranchModule;
type Kind = Module['kind'];
type Program = BranchProgram;
type Tree = BranchTreeData;
/** A choice of the pickers: a row of the programs', materials' or quizzes' list, by its id and title. */
interface Option {
  id: number;
  title: string;
}

const fail = (notify: ReturnType<typeof useNotify>) => (e: unknown) => notify((e as Error).message, { type: 'error' });

function BranchToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" redirect="list" />
    </Toolbar>
  );
}

/**
 * The branch screen (`abranch/{id}`): the branch's fields (toast update_branch_success), and under them the branch
 * builder: its programs with their modules and its achievements in one view, each list sorted by dragging (the back
 * office's one sortable list: mouse, touch or keyboard).
 */
export function BranchEdit() {
  const fields = abranch.fields;
  const byName = new Map(fields.map((f) => [f.source, f]));
  return (
    <Edit mutationMode="pessimistic" redirect={false} transform={transformFor(fields)}>
      <SimpleForm toolbar={<BranchToolbar />}>{abranch.form![0].fields.map((s) => byName.get(s)!).map((f) => inputFor(f, 'edit'))}</SimpleForm>
      <BranchBuilder />
    </Edit>
  );
}

function BranchBuilder() {
  const record = useRecordContext<{ id: number }>();
  // abranch/{id}/aprogram/{aprogramId}: the builder opened on that program (its card in view and marked)
  const focused = Number(useParams().aprogramId) || undefined;
  const createPath = useCreatePath();
  const write = useApiWrite();
  const notify = useNotify();
  const t = useTranslate();
  const [title, setTitle] = useState('');
  const id = record?.id;
  const oops = fail(notify);
  const client = useQueryClient();
  const path = `/admin/abranch/${id}/tree`;
  // the tree lives in the query cache: a new order is written there at once, then the server's tree is read again
  const read = useApiQuery<BranchTreeAnswer, Tree>(path, { enabled: !!id, select: (r) => r.data, retry: false });
  const tree = read.data;
  // a failed read shows the retry; asking again shows the spinner meanwhile
  const error = read.isError && !read.isFetching;
  const load = () => read.refetch();
  const setTree = (next: Tree) => client.setQueryData<BranchTreeAnswer>(apiKey(path, {}), { data: next });

  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void load()}>{t('lifelong.builder.retry')}</Button>}>
        {t('lifelong.builder.load_error')}
      </Alert>
    );
  if (!id || !tree)
    return (
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress size={28} aria-label="loading" />
      </Box>
    );

  const sort = async (path: string, ids: number[]) => {
    try {
      await write(path, { method: 'PUT', body: { ids } });
      notify('lifelong.builder.saved', { type: 'success' });
    } catch (e) {
      oops(e);
    }
    void load();
  };
  const reorderPrograms = (keys: string[]) => {
    const byId = new Map(tree.programs.map((p) => [`p-${p.id}`, p]));
    setTree({ ...tree, programs: keys.map((k) => byId.get(k)!) });
    void sort(
      '/admin/aprogram/sort',
      keys.map((k) => Number(k.slice(2))),
    );
  };
  const reorderModules = (p: Program, keys: string[]) => {
    const byId = new Map(p.modules.map((m) => [`m-${m.id}`, m]));
    setTree({ ...tree, programs: tree.programs.map((x) => (x.id === p.id ? { ...p, modules: keys.map((k) => byId.get(k)!) } : x)) });
    void sort(
      '/admin/amodule/sort',
      keys.map((k) => Number(k.slice(2))),
    );
  };
  const reorderAchievements = (keys: string[]) => {
    const byId = new Map(tree.achievements.map((a) => [`a-${a.id}`, a]));
    setTree({ ...tree, achievements: keys.map((k) => byId.get(k)!) });
    void sort(
      '/admin/achievement/sort',
      keys.map((k) => Number(k.slice(2))),
    );
  };
  const addProgram = async () => {
    if (!title.trim()) return;
    try {
      await write('/admin/aprogram', { method: 'POST', body: { abranch_id: id, title: title.trim(), sort: tree.programs.length + 1 } });
      setTitle('');
      notify('resources.abranch.notifications.updated', { type: 'success' });
      void load();
    } catch (e) {
      oops(e);
    }
  };

  return (
    <Card sx={{ m: { xs: 1, sm: 2 } }} data-testid="branch-builder">
      <CardContent>
        <Typography variant="h6">{t('lifelong.builder.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('lifelong.builder.hint')}
        </Typography>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('lifelong.builder.programs')}
        </Typography>
        {tree.programs.length === 0 && <Typography sx={{ my: 1 }}>{t('lifelong.builder.no_programs')}</Typography>}
        <SortableList ids={tree.programs.map((p) => `p-${p.id}`)} onReorder={reorderPrograms}>
          <Stack spacing={1.5}>
            {tree.programs.map((p) => (
              <SortableItem key={p.id} id={`p-${p.id}`} testId={`aprogram-${p.id}`} handleTestId="aprogram-handle">
                {(handle) => <ProgramCard program={p} branchId={id} focused={p.id === focused} handle={handle} onChange={() => void load()} onSort={(keys) => reorderModules(p, keys)} />}
              </SortableItem>
            ))}
          </Stack>
        </SortableList>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}
          onSubmit={(e) => {
            e.preventDefault();
            void addProgram();
          }}
        >
          <TextField
            size="small"
            label={t('lifelong.builder.new_program')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            sx={{ flex: 1, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'aprogram-new-title' } }}
          />
          <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={!title.trim()} data-testid="aprogram-add">
            {t('lifelong.builder.add_program')}
          </Button>
        </Box>

        <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
          {t('lifelong.builder.achievements')}
        </Typography>
        {tree.achievements.length === 0 && <Typography sx={{ my: 1 }}>{t('lifelong.builder.no_achievements')}</Typography>}
        <SortableList ids={tree.achievements.map((a) => `a-${a.id}`)} onReorder={reorderAchievements}>
          {tree.achievements.map((a) => (
            <SortableItem key={a.id} id={`a-${a.id}`} testId={`achievement-${a.id}`} handleTestId="achievement-handle">
              {(handle) => (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
                  {handle}
                  <Avatar src={a.image ?? undefined} sx={{ width: 32, height: 32, bgcolor: 'warning.light' }}>
                    <EmojiEventsIcon fontSize="small" />
                  </Avatar>
                  <Typography sx={{ flex: 1, minWidth: 120 }}>{a.title}</Typography>
                  <Chip size="small" label={t(`lifelong.rules.${a.rule}`)} />
                  <Chip size="small" variant="outlined" label={t('lifelong.builder.earned', { count: a.earned })} />
                  <Tooltip title={t('lifelong.builder.edit')}>
                    <IconButton size="small" component={Link} to={createPath({ resource: 'achievement', id: a.id, type: 'edit' })} aria-label={t('lifelong.builder.edit')}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              )}
            </SortableItem>
          ))}
        </SortableList>
        <Button
          component={Link}
          to={`${createPath({ resource: 'achievement', type: 'create' })}?source=${encodeURIComponent(JSON.stringify({ abranch_id: id }))}`}
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          data-testid="achievement-add"
        >
          {t('lifelong.builder.add_achievement')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** One program of the branch: its title, delete, its modules (sortable) and a form to add one. */
function ProgramCard({
  program,
  branchId,
  focused,
  handle,
  onChange,
  onSort,
}: {
  program: Program;
  branchId: number;
  focused?: boolean;
  handle: ReactNode;
  onChange: () => void;
  onSort: (keys: string[]) => void;
}) {
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focused) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [focused]);
  const createPath = useCreatePath();
  const write = useApiWrite();
  const notify = useNotify();
  const t = useTranslate();
  const [confirm, setConfirm] = useState(false);
  const [kind, setKind] = useState<Kind>('quiz');
  const [target, setTarget] = useState<Option | null>(null);
  const [title, setTitle] = useState('');
  const oops = fail(notify);

  const remove = async (path: string) => {
    try {
      await write(path, { method: 'DELETE' });
      notify('resources.abranch.notifications.updated', { type: 'success' });
      onChange();
    } catch (e) {
      oops(e);
    }
  };
  const addModule = async () => {
    if (!target) return;
    try {
      await write('/admin/amodule', { method: 'POST', body: { aprogram_id: program.id, kind, [`${kind}_id`]: target.id, title: title.trim() || target.title, sort: program.modules.length + 1 } });
      setTarget(null);
      setTitle('');
      notify('resources.abranch.notifications.updated', { type: 'success' });
      onChange();
    } catch (e) {
      oops(e);
    }
  };
  const search = { program: '/admin/program', media: '/admin/media', quiz: '/admin/quiz' }[kind];

  return (
    <Card variant="outlined" ref={cardRef} data-focused={focused ? 'true' : undefined} sx={focused ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {handle}
          <Typography sx={{ flex: 1, fontWeight: 600 }} data-testid="aprogram-title">
            <Link to={`${createPath({ resource: 'abranch', id: branchId, type: 'edit' })}/aprogram/${program.id}`}>{program.title}</Link>
          </Typography>
          <Tooltip title={t('lifelong.builder.edit')}>
            <IconButton size="small" component={Link} to={createPath({ resource: 'aprogram', id: program.id, type: 'edit' })} aria-label={t('lifelong.builder.edit')}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('lifelong.builder.delete_program')}>
            <IconButton size="small" color="error" aria-label={t('lifelong.builder.delete_program')} onClick={() => setConfirm(true)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ pl: { xs: 1, sm: 5 } }}>
          {program.modules.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
              {t('lifelong.builder.no_modules')}
            </Typography>
          )}
          <SortableList ids={program.modules.map((m) => `m-${m.id}`)} onReorder={onSort}>
            {program.modules.map((m) => (
              <SortableItem key={m.id} id={`m-${m.id}`} testId={`amodule-${m.id}`} handleTestId="amodule-handle">
                {(h) => (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
                    {h}
                    <Chip size="small" label={t(`lifelong.kinds.${m.kind}`)} />
                    <Typography variant="body2" sx={{ flex: 1 }}>
                      {m.title}
                    </Typography>
                    <Tooltip title={t('lifelong.builder.delete_module')}>
                      <IconButton size="small" aria-label={t('lifelong.builder.delete_module')} onClick={() => void remove(`/admin/amodule/${m.id}`)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                )}
              </SortableItem>
            ))}
          </SortableList>
          <Box
            component="form"
            sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}
            onSubmit={(e) => {
              e.preventDefault();
              void addModule();
            }}
          >
            <TextField
              select
              size="small"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Kind);
                setTarget(null);
              }}
              sx={{ minWidth: 150 }}
              slotProps={{ htmlInput: { 'aria-label': t('resources.amodule.fields.kind'), 'data-testid': 'amodule-kind' } }}
            >
              {(['program', 'media', 'quiz'] as Kind[]).map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`lifelong.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <Picker key={kind} path={search} label={t(`lifelong.builder.pick_${kind}`)} value={target} onChange={setTarget} />
            <TextField
              size="small"
              label={t('lifelong.builder.new_module')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              sx={{ flex: 1, minWidth: 160 }}
              slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'amodule-new-title' } }}
            />
            <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={!target} data-testid="amodule-add">
              {t('lifelong.builder.add_module')}
            </Button>
          </Box>
        </Box>
      </CardContent>
      <Confirm
        isOpen={confirm}
        title="lifelong.builder.delete_program"
        content="lifelong.builder.confirm_delete_program"
        translateOptions={{ title: program.title }}
        onConfirm={() => {
          setConfirm(false);
          void remove(`/admin/aprogram/${program.id}`);
        }}
        onClose={() => setConfirm(false)}
      />
    </Card>
  );
}

/** A search box over the school's programs, materials or quizzes (the list route's `q`). */
function Picker({ path, label, value, onChange }: { path: string; label: string; value: Option | null; onChange: (o: Option | null) => void }) {
  const t = useTranslate();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  // the search asks once the typing pauses (250 ms), while the list is open; the latest answer is the one shown
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setAsked(input), 250);
    return () => clearTimeout(timer);
  }, [input, open]);
  const found = useApiQuery<{ data: Option[] }, Option[]>(path, { query: { q: asked || undefined, per_page: 20 }, enabled: open, select: (r) => r.data, keepPrevious: true, retry: false });
  const options = found.isError ? [] : (found.data ?? []);
  const loading = open && (found.isFetching || asked !== input);
  return (
    <Autocomplete<Option>
      {...autocompleteTexts(t)}
      size="small"
      sx={{ minWidth: 220, flex: 2 }}
      data-testid="amodule-target"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
