import type { Messages } from '../../framework/types.ts';
import { PLACEHOLDER_TEXTS } from '../../../common/templates/placeholders.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    templates: {
      name: 'Template |||| Templates',
      fields: {
        id: 'ID',
        lang: 'Document language',
        number_prefix: 'Number prefix',
        layout: 'Layout',
        title: 'Title',
        kind: 'Document kind',
        body: 'Template text',
        placeholders: 'Placeholders',
        created_at: 'Created',
        updated_at: 'Updated',
        q: 'Search',
      },
    },
  },
  templates: {
    kind: { certificate: 'Diploma / certificate', document: 'Document' },
    placeholders_title: 'Placeholders',
    placeholders_hint: "Put them in the text; generating a document replaces them with the diploma's data. No other placeholders are accepted.",
    placeholder: PLACEHOLDER_TEXTS.en,
    designer: {
      title: 'Document layout',
      size: 'Page size',
      orientation: 'Orientation',
      portrait: 'Portrait',
      landscape: 'Landscape',
      background: 'Background',
      images: 'Images (stamp, signatures, logo, background): PNG or JPEG up to 5 MB',
      upload: 'Upload an image',
      image_added: 'Image added',
      block: { text: 'Text', image: 'Image', qr: 'QR code' },
      size_mm: 'Size, mm',
      x: 'Left, mm',
      y: 'Top, mm',
      width: 'Width, mm',
      height: 'Height, mm',
      image: 'Image',
      text: 'Text with placeholders',
      font_size: 'Font size',
      font: 'Font',
      fonts: { sans: 'Sans', 'sans-bold': 'Sans, bold', serif: 'Serif', 'serif-bold': 'Serif, bold' },
      align: 'Alignment',
      aligns: { left: 'Left', center: 'Centre', right: 'Right' },
      add_text: '+ Text',
      add_image: '+ Image',
      add_qr: '+ QR code',
      save: 'Save the layout',
      saved: 'Layout saved',
      preview: 'Preview',
      pdf: 'Open the PDF',
    },
    lang: { ru: 'Russian', en: 'English' },
  },
} satisfies Messages<typeof ru>;
