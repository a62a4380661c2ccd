import type { Static } from 'typebox';
import type { TemplateView } from '../../../server/modules/templates/index.ts';
import type { LayoutBlock, TemplateLayout } from '../../../server/modules/templates/layout.ts';
import type { TemplateImageView } from '../../../server/modules/templates/design.ts';

/** A document template as `/admin/template` answers it (docs/documents.md "The template model"). */
export type Template = Static<typeof TemplateView>;
export type Layout = Static<typeof TemplateLayout>;
export type Block = Static<typeof LayoutBlock>;
export type TemplateImage = Static<typeof TemplateImageView>;
