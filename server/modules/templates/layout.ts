import { Type, type Static } from 'typebox';
import { Id, nullable } from '../../core/schemas.ts';
import { AppError } from '../../core/errors.ts';
import { assertKnownPlaceholders } from './placeholders.ts';

/**
 * The designed page of a template (docs/documents.md "The template model"). Positions and sizes are millimetres from
 * the page's top left corner; the server's PDF (render.ts) is the only renderer, also for the back office's preview.
 */
export const PAGE_SIZES = { A4: [210, 297], A5: [148, 210], LETTER: [215.9, 279.4] } as const;
export const FONTS = ['sans', 'sans-bold', 'serif', 'serif-bold'] as const;

const mm = (maximum: number) => Type.Number({ minimum: 0, maximum });
export const TextBlock = Type.Object({
  type: Type.Literal('text'),
  x: mm(500),
  y: mm(500),
  width: Type.Number({ minimum: 5, maximum: 500 }),
  /** The text with {{placeholders}}; a new line is a new line of the PDF. */
  text: Type.String({ minLength: 1, maxLength: 5000 }),
  font: Type.Optional(Type.Union([Type.Literal('sans'), Type.Literal('sans-bold'), Type.Literal('serif'), Type.Literal('serif-bold')])),
  font_size: Type.Optional(Type.Number({ minimum: 4, maximum: 96 })),
  align: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
  color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
});
export const ImageBlock = Type.Object({
  type: Type.Literal('image'),
  /** An image uploaded to the template (`POST /admin/template/:id/images`). */
  image_id: Id,
  x: mm(500),
  y: mm(500),
  width: Type.Number({ minimum: 1, maximum: 500 }),
  /** Omitted: the image's own proportions. */
  height: Type.Optional(Type.Number({ minimum: 1, maximum: 500 })),
});
export const QrBlock = Type.Object({ type: Type.Literal('qr'), x: mm(500), y: mm(500), size: Type.Number({ minimum: 10, maximum: 200 }) });
export const LayoutBlock = Type.Union([TextBlock, ImageBlock, QrBlock]);

export const TemplateLayout = Type.Object({
  page: Type.Object({
    size: Type.Union([Type.Literal('A4'), Type.Literal('A5'), Type.Literal('LETTER')]),
    orientation: Type.Union([Type.Literal('portrait'), Type.Literal('landscape')]),
  }),
  /** An image of the template stretched over the whole page, drawn first. */
  background: Type.Optional(nullable(Id)),
  blocks: Type.Array(LayoutBlock, { maxItems: 60 }),
});
export type TemplateLayout = Static<typeof TemplateLayout>;
export type LayoutBlock = Static<typeof LayoutBlock>;

/** The page's width and height in millimetres. */
export function pageSize(layout: TemplateLayout): [number, number] {
  const [w, h] = PAGE_SIZES[layout.page.size];
  return layout.page.orientation === 'landscape' ? [h, w] : [w, h];
}

/** The ids of the template's images a layout draws. */
export const imageIdsOf = (layout: TemplateLayout) => [...new Set([...(layout.background ? [layout.background] : []), ...layout.blocks.flatMap((b) => (b.type === 'image' ? [b.image_id] : []))])];

/** Every text block's placeholders are known; every image it names is one of `imageIds` (else 422 ERROR_TEMPLATE_IMAGE). */
export function assertLayout(layout: TemplateLayout, imageIds: number[]) {
  for (const b of layout.blocks) if (b.type === 'text') assertKnownPlaceholders(b.text);
  const missing = imageIdsOf(layout).filter((id) => !imageIds.includes(id));
  if (missing.length) throw new AppError(422, 'ERROR_TEMPLATE_IMAGE', `Unknown images: ${missing.join(', ')}`, { ids: missing.join(', ') });
}
