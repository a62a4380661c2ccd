import { useEffect, useState, type ReactNode } from 'react';
import { Confirm, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { Autocomplete, Box, Button, Card, CardContent, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey, useApiMutation, useApiQuery } from '../../providers/queries.ts';
import { SortableItem, SortableList } from '../../framework/Sortable.tsx';
import { useUndoableDetach } from './undoable-detach.ts';
import type { ChapterItem, ProgramChapter, ProgramStructure } from '../../../common/api/types/programs-admin.ts';
import { autocompleteTexts } from '../../framework/autocomplete-texts.ts';

/** A material or quiz of a chapter, or one offered to it (the server's `BuilderChapter` items, `MediaChoice`). */
export type Item = Pick<ChapterItem, 'id' | 'title' | 'kind'>;
export type Chapter = ProgramChapter;
type Kind = 'media' | 'quiz';

/**
 * The program builder under the program's form: chapters in order (add, rename inline, delete, drag and drop),
 * and in each chapter its materials and quizzes (attach with a search, detach, drag and drop). Every change is one
 * call of the API and shows the server's answer; trainers see the structure read-only.
 */
export function ProgramBuilder() {
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  const t = useTranslate();
  const { permissions } = usePermissions();
  const canEdit = permissions === 'admin' || permissions === 'superadmin';
  const [title, setTitle] = useState('');
  const id = record?.id;
  const client = useQueryClient();
  const path = `/admin/program/${id}/structure`;
  // the structure lives in the query cache: each change writes the server's answer (or the new order at once) there
  const structure = useApiQuery<{ data: ProgramStructure }>(path, { enabled: !!id, retry: false });
  const chapters = structure.data?.data.chapters;
  const setChapters = (next: Chapter[] | ((list: Chapter[]) => Chapter[])) =>
    client.setQueryData<{ data: ProgramStructure }>(apiKey(path, {}), (old) => old && { data: { ...old.data, chapters: typeof next === 'function' ? next(old.data.chapters) : next } });
  const load = () => structure.refetch();
  // the writes go through react-admin's QueryClient (useApiMutation); each answer is written into the structure above
  const adding = useApiMutation((dp, chapterTitle: string) => dp.call<{ data: Chapter }>('/admin/programChapter', { method: 'POST', body: { program_id: id, title: chapterTitle } }));
  const sorting = useApiMutation((dp, ids: number[]) => dp.call<{ data: ProgramStructure }>(`/admin/program/${id}/sortChapter`, { method: 'POST', body: { ids } }));
  const removing = useApiMutation((dp, chapterId: number) => dp.call(`/admin/programChapter/${chapterId}`, { method: 'DELETE' }));
  useEffect(() => {
    if (structure.error) notify(structure.error.message, { type: 'error' });
  }, [structure.error, notify]);

  if (!id || !chapters) return null;
  const fail = (e: unknown) => notify((e as Error).message, { type: 'error' });
  const replace = (c: Chapter) => setChapters((list) => list.map((x) => (x.id === c.id ? c : x)));

  const add = async () => {
    if (!title.trim()) return;
    try {
      const c = (await adding.mutateAsync(title.trim())).data;
      setChapters((list) => [...list, c]);
      setTitle('');
      notify('toasts.chapter_is_add', { type: 'success' });
    } catch (e) {
      fail(e);
    }
  };

  const reorder = async (ids: string[]) => {
    const byId = new Map(chapters.map((c) => [String(c.id), c]));
    setChapters(ids.map((x) => byId.get(x)!)); // at once, then the server's answer
    try {
      const res = await sorting.mutateAsync(ids.map(Number));
      setChapters(res.data.chapters);
      notify('toasts.program_is_update', { type: 'success' });
    } catch (e) {
      fail(e);
      void load();
    }
  };

  const remove = async (c: Chapter) => {
    try {
      await removing.mutateAsync(c.id);
      setChapters((list) => list.filter((x) => x.id !== c.id));
      notify('toasts.chapter_is_delete', { type: 'success' });
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Card sx={{ mt: 2 }} data-testid="program-builder">
      <CardContent>
        <Typography variant="h6">{t('courses.builder.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {canEdit ? t('courses.builder.hint') : t('courses.builder.read_only')}
        </Typography>
        {chapters.length === 0 && <Typography sx={{ mb: 2 }}>{t('courses.builder.empty')}</Typography>}
        <SortableList ids={chapters.map((c) => String(c.id))} onReorder={(ids) => void reorder(ids)}>
          <Stack spacing={1.5}>
            {chapters.map((c) => (
              <SortableItem key={c.id} id={String(c.id)} testId={`chapter-${c.id}`} handleTestId="chapter-handle" disabled={!canEdit}>
                {(handle) => <ChapterCard chapter={c} handle={handle} canEdit={canEdit} onChange={replace} onDelete={() => void remove(c)} />}
              </SortableItem>
            ))}
          </Stack>
        </SortableList>
        {canEdit && (
          <Box
            component="form"
            sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center' }}
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <TextField
              size="small"
              label={t('courses.builder.new_chapter')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'chapter-new-title' } }}
            />
            <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={adding.isPending || !title.trim()} data-testid="chapter-add">
              {t('courses.builder.add_chapter')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** One chapter: its title (renamed in place), delete, and its materials and quizzes. */
function ChapterCard({ chapter, handle, canEdit, onChange, onDelete }: { chapter: Chapter; handle: ReactNode; canEdit: boolean; onChange: (c: Chapter) => void; onDelete: () => void }) {
  const notify = useNotify();
  const t = useTranslate();
  const [title, setTitle] = useState(chapter.title);
  const [confirm, setConfirm] = useState(false);
  useEffect(() => setTitle(chapter.title), [chapter.title]);
  const fail = (e: unknown) => notify((e as Error).message, { type: 'error' });
  const base = `/admin/programChapter/${chapter.id}`;
  // a rename, attach or sort of this chapter: the answer is the chapter, which the builder puts in its structure
  const writing = useApiMutation((dp, { path, method, body }: { path: string; method: 'PUT' | 'POST'; body: Record<string, unknown> }) => dp.call<{ data: Chapter }>(path, { method, body }));
  // "Открепить" can be undone for a few seconds (undoable-detach.ts)
  const detach = useUndoableDetach(chapter, onChange);

  const rename = async () => {
    const next = title.trim();
    if (!next || next === chapter.title) return setTitle(chapter.title);
    try {
      onChange((await writing.mutateAsync({ path: base, method: 'PUT', body: { title: next } })).data);
      notify('toasts.program_is_update', { type: 'success' });
    } catch (e) {
      setTitle(chapter.title);
      fail(e);
    }
  };
  const act = async (path: string, body: Record<string, unknown>, toast: string) => {
    try {
      onChange((await writing.mutateAsync({ path: `${base}/${path}`, method: 'POST', body })).data);
      notify(toast, { type: 'success' });
    } catch (e) {
      fail(e);
    }
  };
  const sort = async (kind: Kind, keys: string[]) => {
    const ids = keys.map((k) => Number(k.split('-')[1]));
    const list = kind === 'media' ? chapter.media : chapter.quizzes;
    const byId = new Map(list.map((x) => [x.id, x]));
    onChange({ ...chapter, [kind === 'media' ? 'media' : 'quizzes']: ids.map((x) => byId.get(x)!) });
    await act(kind === 'media' ? 'sortMedia' : 'sortQuiz', { ids }, 'toasts.program_is_update');
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {handle}
          <TextField
            size="small"
            variant="standard"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => void rename()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
              if (e.key === 'Escape') setTitle(chapter.title);
            }}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'aria-label': t('courses.builder.chapter_title'), maxLength: 255, readOnly: !canEdit, 'data-testid': 'chapter-title' } }}
          />
          {canEdit && (
            <Tooltip title={t('courses.builder.delete_chapter')}>
              <IconButton size="small" color="error" aria-label={t('courses.builder.delete_chapter')} onClick={() => setConfirm(true)} data-testid="chapter-delete">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <Box sx={{ pl: 5 }}>
          {chapter.media.length + chapter.quizzes.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
              {t('courses.builder.no_items')}
            </Typography>
          )}
          <ItemList kind="media" items={chapter.media} canEdit={canEdit} onSort={(keys) => void sort('media', keys)} onDetach={(x) => detach('media', x)} />
          <ItemList kind="quiz" items={chapter.quizzes} canEdit={canEdit} onSort={(keys) => void sort('quiz', keys)} onDetach={(x) => detach('quiz', x)} />
          {canEdit && (
            <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <AttachPicker
                label="courses.builder.attach_media"
                testId="attach-media"
                path="/admin/programChapter/options/media"
                query={mediaQuery}
                exclude={chapter.media.map((m) => m.id)}
                onPick={(m) => void act('attachMedia', { media_id: m.id }, 'toasts.media_is_attach')}
              />
              <AttachPicker
                label="courses.builder.attach_quiz"
                testId="attach-quiz"
                path="/admin/quiz"
                query={quizQuery}
                exclude={chapter.quizzes.map((q) => q.id)}
                onPick={(q) => void act('attachQuiz', { quiz_id: q.id }, 'toasts.quiz_is_attach')}
              />
            </Box>
          )}
        </Box>
      </CardContent>
      <Confirm
        isOpen={confirm}
        title="courses.builder.delete_chapter"
        content="courses.builder.confirm_delete_chapter"
        translateOptions={{ title: chapter.title }}
        onConfirm={() => {
          setConfirm(false);
          onDelete();
        }}
        onClose={() => setConfirm(false)}
      />
    </Card>
  );
}

/** The materials or the quizzes of a chapter, sortable, each with a detach button. */
function ItemList({ kind, items, canEdit, onSort, onDetach }: { kind: Kind; items: Item[]; canEdit: boolean; onSort: (keys: string[]) => void; onDetach: (x: Item) => void }) {
  const t = useTranslate();
  if (!items.length) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {t(kind === 'media' ? 'courses.builder.media' : 'courses.builder.quizzes')}
      </Typography>
      <SortableList ids={items.map((x) => `${kind}-${x.id}`)} onReorder={onSort}>
        {items.map((x) => (
          <SortableItem key={x.id} id={`${kind}-${x.id}`} testId={`chapter-item-${kind}-${x.id}`} handleTestId="item-handle" disabled={!canEdit}>
            {(handle) => (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
                {handle}
                <Chip size="small" label={t(`courses.builder.kinds.${x.kind}`, { _: x.kind })} />
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {x.title}
                </Typography>
                {canEdit && (
                  <Tooltip title={t('courses.builder.detach')}>
                    <IconButton size="small" aria-label={t('courses.builder.detach')} onClick={() => onDetach(x)} data-testid="item-detach">
                      <LinkOffIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Box>
            )}
          </SortableItem>
        ))}
      </SortableList>
    </Box>
  );
}

/** What the pickers ask: the school's materials, its quizzes by title (20 at most). */
const mediaQuery = (q: string) => ({ q: q || undefined, per_page: 20 });
const quizQuery = (q: string) => ({ q: q || undefined, per_page: 20, sort: 'title', order: 'asc' });

/** A search box over the school's materials or quizzes; picking one attaches it. */
function AttachPicker({
  label,
  testId,
  path,
  query,
  exclude,
  onPick,
}: {
  label: string;
  testId: string;
  path: string;
  query: (q: string) => Record<string, unknown>;
  exclude: number[];
  onPick: (x: Item) => void;
}) {
  const t = useTranslate();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  // the search asks once the typing pauses (250 ms), while the list is open
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setAsked(input), 250);
    return () => clearTimeout(timer);
  }, [input, open]);
  const found = useApiQuery<{ data: Item[] }, Item[]>(path, { query: query(asked), enabled: open, select: (r) => r.data, keepPrevious: true, retry: false });
  // while the typing pauses or the answer is on its way the list says it is loading, instead of showing the last
  // answer's options: they would change under the pointer as the new answer arrives, and a click begun on one would
  // end on another element and pick nothing
  const loading = open && (found.isFetching || asked !== input);
  const options = found.isError || loading ? [] : (found.data ?? []);
  return (
    <Autocomplete<Item>
      {...autocompleteTexts(t)}
      size="small"
      sx={{ minWidth: 280, flex: 1 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options.filter((o) => !exclude.includes(o.id))}
      filterOptions={(x) => x}
      loading={loading}
      value={null}
      inputValue={input}
      onInputChange={(_, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      onChange={(_, v) => {
        if (v) {
          onPick(v);
          setInput('');
        }
      }}
      blurOnSelect
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('courses.builder.nothing_found')}
      loadingText="…"
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props} data-testid={`option-${o.id}`}>
          <Chip size="small" label={t(`courses.builder.kinds.${o.kind}`, { _: o.kind })} sx={{ mr: 1 }} />
          {o.title}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} label={t(label)} placeholder={t('courses.builder.search')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />
      )}
    />
  );
}
