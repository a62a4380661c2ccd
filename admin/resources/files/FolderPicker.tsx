import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import { useApi } from '../../providers/queries.ts';

export interface FolderRow {
  id: number;
  parent_id: number | null;
  name: string;
  is_default: boolean;
}

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

/** A dialog to choose a target folder among every folder of the school. */
export function FolderPicker({ open, title, onClose, onPick }: { open: boolean; title: string; onClose: () => void; onPick: (id: number) => void }) {
  const t = useTranslate();
  const dp = useApi();
  const [rows, setRows] = useState<FolderRow[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    if (!open) return;
    setChosen(null);
    dp.call<{ data: FolderRow[] }>('/admin/file/folders').then(
      (r) => setRows(r.data),
      () => setRows([]),
    );
  }, [open, dp]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
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
    </Dialog>
  );
}
