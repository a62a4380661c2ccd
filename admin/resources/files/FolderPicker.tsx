import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import type { FolderRow } from '../../../common/api/types/files.ts';
import { useApiQuery } from '../../providers/queries.ts';

export type { FolderRow };

/** Folders in tree order with their depth: root first, children sorted by name under their parent. */
export function treeOrder(rows: FolderRow[]) {
  const children = new Map<number | null, FolderRow[]>();
  for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  const out: { folder: FolderRow; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const f of (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      out.push({ folder: f, depth });
      if (depth < 50) walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The school's folders as a tree; the choice starts empty each time the dialog opens (MUI unmounts a closed dialog's content). */
function FolderTree({ onClose, onPick }: { onClose: () => void; onPick: (id: number) => void }) {
  const t = useTranslate();
  const rows = useApiQuery<{ data: FolderRow[] }, FolderRow[]>('/admin/file/folders', { select: (r) => r.data }).data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <>
      <DialogContent dividers>
        <List dense aria-label={t('files.choose_folder')}>
          {treeOrder(rows).map(({ folder, depth }) => (
            <ListItemButton key={folder.id} selected={chosen === folder.id} onClick={() => setChosen(folder.id)} sx={{ pl: 2 + depth * 3 }} data-testid={`pick-folder-${folder.id}`}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <FolderIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={folder.is_default ? t('files.default_folder') : folder.name} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('files.cancel')}</Button>
        <Button variant="contained" disabled={chosen === null} onClick={() => chosen !== null && onPick(chosen)} data-testid="pick-folder-ok">
          {t('files.ok')}
        </Button>
      </DialogActions>
    </>
  );
}

/** A dialog to choose a target folder among every folder of the school. */
export function FolderPicker({ open, title, onClose, onPick }: { open: boolean; title: string; onClose: () => void; onPick: (id: number) => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <FolderTree onClose={onClose} onPick={onPick} />
    </Dialog>
  );
}
