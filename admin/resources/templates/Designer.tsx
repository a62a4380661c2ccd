import { useEffect, useRef, useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Divider, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { apiHeaders, buildUrl } from '../../../common/api/client.ts';
import type { Block, Layout, Template } from '../../../common/api/types/templates.ts';
import { useApiMutation } from '../../providers/queries.ts';
import { TemplatePlaceholders } from './Placeholders.tsx';

const EMPTY: Layout = { page: { size: 'A4', orientation: 'landscape' }, background: null, blocks: [] };
const NEW_BLOCK: Record<Block['type'], (imageId?: number) => Block> = {
  text: () => ({ type: 'text', x: 20, y: 20, width: 170, text: '{{name}}', font: 'serif', font_size: 16, align: 'center' }),
  image: (imageId) => ({ type: 'image', image_id: imageId ?? 0, x: 20, y: 150, width: 40 }),
  qr: () => ({ type: 'qr', x: 240, y: 160, size: 30 }),
};

/** A number field of a block, in millimetres. */
function Num(p: { label: string; value: number | undefined; onChange: (n: number | undefined) => void; testId: string }) {
  return (
    <TextField
      size="small"
      type="number"
      label={p.label}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      slotProps={{ htmlInput: { 'data-testid': p.testId, step: 1 } }}
      sx={{ width: 110 }}
    />
  );
}

/**
 * The template designer beside the template form: the page, the template's images (stamp, signatures, logo,
 * background), positioned text blocks with placeholders, the QR code; the preview is the server's own PDF (its first
 * page as a picture, `POST /admin/template/:id/preview`), so what is seen is what is issued.
 */
export function TemplateDesigner() {
  const record = useRecordContext<Template>();
  const notify = useNotify();
  // the template's record is asked again after a write: the saved layout (its new updated_at) or the new image
  const saving = useApiMutation((dp, v: { id: number; layout: Layout }) => dp.call(`/admin/template/${v.id}`, { method: 'PUT', body: { layout: v.layout }, json: true }), ['templates']);
  const uploading = useApiMutation((dp, v: { id: number; file: File }) => dp.call(`/admin/template/${v.id}/images`, { method: 'POST', body: { file: v.file }, form: true }), ['templates']);
  const t = useTranslate();
  const [layout, setLayout] = useState<Layout>(record?.layout ?? EMPTY);
  const [preview, setPreview] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => setLayout(record?.layout ?? EMPTY), [record?.id, record?.updated_at]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  if (!record) return null;
  const images = record.images ?? [];
  const fail = (e: unknown) => notify((e as Error).message, { type: 'error' });
  const setBlock = (i: number, patch: Partial<Block>) => setLayout({ ...layout, blocks: layout.blocks.map((b, j) => (j === i ? ({ ...b, ...patch } as Block) : b)) });

  async function save() {
    try {
      await saving.mutateAsync({ id: record!.id, layout });
      notify('templates.designer.saved', { type: 'success' });
    } catch (e) {
      fail(e);
    }
  }
  async function render(format: 'png' | 'pdf') {
    const res = await fetch(buildUrl(`/admin/template/${record!.id}/preview`), {
      method: 'POST',
      headers: { ...apiHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ layout, format }),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { name?: string; message?: string; variables?: Record<string, string> };
      throw new Error(body.name ? t(`errors.${body.name}.text`, { _: body.message ?? res.statusText, ...body.variables }) : res.statusText);
    }
    return res.blob();
  }
  async function showPreview() {
    try {
      setPreview(URL.createObjectURL(await render('png')));
    } catch (e) {
      fail(e);
    }
  }
  async function openPdf() {
    try {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(await render('pdf'));
      a.download = `${record!.title}.pdf`;
      a.click();
    } catch (e) {
      fail(e);
    }
  }
  async function upload(files: FileList | null) {
    if (!files?.length) return;
    try {
      await uploading.mutateAsync({ id: record!.id, file: files[0] });
      notify('templates.designer.image_added', { type: 'success' });
    } catch (e) {
      fail(e);
    } finally {
      if (file.current) file.current.value = '';
    }
  }

  return (
    <Box sx={{ width: { xs: '100%', lg: 560 }, ml: { lg: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Card data-testid="template-designer">
        <CardContent>
          <Typography variant="h6">{t('templates.designer.title')}</Typography>
          <Stack direction="row" spacing={1} sx={{ my: 1 }}>
            <TextField
              select
              size="small"
              label={t('templates.designer.size')}
              value={layout.page.size}
              onChange={(e) => setLayout({ ...layout, page: { ...layout.page, size: e.target.value as Layout['page']['size'] } })}
              slotProps={{ htmlInput: { 'data-testid': 'designer-size' } }}
            >
              {['A4', 'A5', 'LETTER'].map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('templates.designer.orientation')}
              value={layout.page.orientation}
              onChange={(e) => setLayout({ ...layout, page: { ...layout.page, orientation: e.target.value as Layout['page']['orientation'] } })}
            >
              <MenuItem value="portrait">{t('templates.designer.portrait')}</MenuItem>
              <MenuItem value="landscape">{t('templates.designer.landscape')}</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label={t('templates.designer.background')}
              value={layout.background ?? ''}
              onChange={(e) => setLayout({ ...layout, background: e.target.value === '' ? null : Number(e.target.value) })}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">—</MenuItem>
              {images.map((img) => (
                <MenuItem key={img.id} value={img.id}>
                  {img.file_name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2">{t('templates.designer.images')}</Typography>
          {images.map((img) => (
            <Typography key={img.id} variant="body2" data-testid="designer-image">
              {img.file_name}
            </Typography>
          ))}
          <Button component="label" size="small">
            {t('templates.designer.upload')}
            <input ref={file} hidden type="file" accept="image/png,image/jpeg" data-testid="designer-upload" onChange={(e) => upload(e.target.files)} />
          </Button>
          <Divider sx={{ my: 1 }} />
          {layout.blocks.map((b, i) => (
            <Box key={i} data-testid={`designer-block-${b.type}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, mb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography variant="caption" sx={{ minWidth: 60 }}>
                  {t(`templates.designer.block.${b.type}`)}
                </Typography>
                <Num label={t('templates.designer.x')} value={b.x} onChange={(x) => setBlock(i, { x: x ?? 0 })} testId={`block-${i}-x`} />
                <Num label={t('templates.designer.y')} value={b.y} onChange={(y) => setBlock(i, { y: y ?? 0 })} testId={`block-${i}-y`} />
                {b.type === 'qr' ? (
                  <Num label={t('templates.designer.size_mm')} value={b.size} onChange={(size) => setBlock(i, { size: size ?? 30 })} testId={`block-${i}-size`} />
                ) : (
                  <Num label={t('templates.designer.width')} value={b.width} onChange={(width) => setBlock(i, { width: width ?? 10 })} testId={`block-${i}-width`} />
                )}
                {b.type === 'image' && <Num label={t('templates.designer.height')} value={b.height} onChange={(height) => setBlock(i, { height })} testId={`block-${i}-height`} />}
                {b.type === 'image' && (
                  <TextField
                    select
                    size="small"
                    label={t('templates.designer.image')}
                    value={b.image_id || ''}
                    onChange={(e) => setBlock(i, { image_id: Number(e.target.value) })}
                    sx={{ minWidth: 120 }}
                    slotProps={{ htmlInput: { 'data-testid': `block-${i}-image` } }}
                  >
                    {images.map((img) => (
                      <MenuItem key={img.id} value={img.id}>
                        {img.file_name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <IconButton aria-label={t('ra.action.delete')} onClick={() => setLayout({ ...layout, blocks: layout.blocks.filter((_, j) => j !== i) })}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              {b.type === 'text' && (
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <TextField
                    size="small"
                    multiline
                    fullWidth
                    label={t('templates.designer.text')}
                    value={b.text}
                    onChange={(e) => setBlock(i, { text: e.target.value })}
                    slotProps={{ htmlInput: { 'data-testid': `block-${i}-text` } }}
                  />
                  <Num label={t('templates.designer.font_size')} value={b.font_size} onChange={(font_size) => setBlock(i, { font_size })} testId={`block-${i}-font-size`} />
                  <TextField select size="small" label={t('templates.designer.font')} value={b.font ?? 'sans'} onChange={(e) => setBlock(i, { font: e.target.value as 'sans' })} sx={{ minWidth: 110 }}>
                    {['sans', 'sans-bold', 'serif', 'serif-bold'].map((f) => (
                      <MenuItem key={f} value={f}>
                        {t(`templates.designer.fonts.${f}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    size="small"
                    label={t('templates.designer.align')}
                    value={b.align ?? 'left'}
                    onChange={(e) => setBlock(i, { align: e.target.value as 'left' })}
                    sx={{ minWidth: 100 }}
                  >
                    {['left', 'center', 'right'].map((a) => (
                      <MenuItem key={a} value={a}>
                        {t(`templates.designer.aligns.${a}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              )}
            </Box>
          ))}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button size="small" data-testid="designer-add-text" onClick={() => setLayout({ ...layout, blocks: [...layout.blocks, NEW_BLOCK.text()] })}>
              {t('templates.designer.add_text')}
            </Button>
            <Button size="small" data-testid="designer-add-image" disabled={!images.length} onClick={() => setLayout({ ...layout, blocks: [...layout.blocks, NEW_BLOCK.image(images.at(-1)?.id)] })}>
              {t('templates.designer.add_image')}
            </Button>
            <Button size="small" data-testid="designer-add-qr" onClick={() => setLayout({ ...layout, blocks: [...layout.blocks, NEW_BLOCK.qr()] })}>
              {t('templates.designer.add_qr')}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" data-testid="designer-save" onClick={save}>
              {t('templates.designer.save')}
            </Button>
            <Button variant="outlined" data-testid="designer-preview" onClick={showPreview}>
              {t('templates.designer.preview')}
            </Button>
            <Button data-testid="designer-pdf" onClick={openPdf}>
              {t('templates.designer.pdf')}
            </Button>
          </Stack>
          {preview && <Box component="img" src={preview} alt={t('templates.designer.preview')} data-testid="designer-preview-image" sx={{ mt: 2, width: '100%', border: 1, borderColor: 'divider' }} />}
        </CardContent>
      </Card>
      <TemplatePlaceholders />
    </Box>
  );
}
