import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Confirm, useListContext, useNotify, usePermissions, useUnselectAll } from 'react-admin';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import { CopyRowButton } from '../../framework/CopyRowButton.tsx';
import { useApiMutation } from '../../providers/queries.ts';
import type { DeletePrograms, ProgramRow } from '../../../common/api/types/programs-admin.ts';

/** Copy and delete are for admins (a trainer sees the list of their programs only). */
const useIsAdmin = () => {
  const { permissions } = usePermissions();
  return permissions === 'admin' || permissions === 'superadmin';
};

/** A write on the selected programs; the programs' list is asked again after it, refused or not (it shows what the server has). */
function useProgramsWrite<T>(path: string) {
  const client = useQueryClient();
  const m = useApiMutation((dp, ids: unknown[]) => dp.call<T>(path, { method: 'POST', body: { ids } }), ['courses']);
  return async (ids: unknown[]) => {
    try {
      return await m.mutateAsync(ids);
    } catch (e) {
      await client.invalidateQueries({ queryKey: ['courses'] });
      throw e;
    }
  };
}

/** Row action: a deep copy of the program (chapters and attachments, not enrolments), then its edit screen; admins only. */
export function CloneCourse() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return null;
  return (
    <CopyRowButton
      resource="courses"
      copy={(dp, id) => dp.call<{ data: ProgramRow }>(`/admin/program/${id}/clone`, { method: 'POST' })}
      label="courses.actions.clone"
      toast="toasts.courses_is_clone"
      testId="course-clone"
    />
  );
}

/** Bulk action: copy every selected program in one call. */
export function DuplicateCourses() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const duplicate = useProgramsWrite('/admin/duplicate/program');
  const unselect = useUnselectAll('courses');
  const isAdmin = useIsAdmin();
  if (!isAdmin) return null;
  return (
    <Button
      label="courses.actions.duplicate_selected"
      data-testid="courses-bulk-duplicate"
      onClick={async () => {
        try {
          await duplicate(selectedIds);
          notify('toasts.courses_is_clone', { type: 'success' });
          unselect();
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      <ContentCopyIcon />
    </Button>
  );
}

/** Bulk action: delete the selected programs in one call, after a confirmation. */
export function DeleteCourses() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const remove = useProgramsWrite<DeletePrograms>('/admin/delete/program');
  const unselect = useUnselectAll('courses');
  const [open, setOpen] = useState(false);
  const isAdmin = useIsAdmin();
  const run = async () => {
    setOpen(false);
    try {
      const res = await remove(selectedIds);
      notify(res.data.count === 1 ? 'toasts.course_is_delete' : 'toasts.courses_are_delete', { type: 'success', messageArgs: { smart_count: res.data.count } });
      unselect();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  if (!isAdmin) return null;
  return (
    <>
      <Button label="courses.actions.delete_selected" color="error" onClick={() => setOpen(true)} data-testid="courses-bulk-delete">
        <DeleteIcon />
      </Button>
      <Confirm isOpen={open} title="courses.actions.confirm_delete_title" content="courses.actions.confirm_delete_content" onConfirm={() => void run()} onClose={() => setOpen(false)} />
    </>
  );
}
