import { formatFileSize } from '../../../common/format/format.ts';
import { getLang } from '../../../common/i18n/lang.ts';
/** Kinds of material and what their file input accepts (the server checks the same lists). */
export const KINDS = ['video', 'pdf', 'file', 'link', 'text', 'project'] as const;
export type Kind = (typeof KINDS)[number];
export const kindChoices = KINDS.map((k) => ({ id: k, name: `media.kind.${k}` }));

const DOCS = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.txt,.csv,.md,.zip,.rar,.7z,.jpg,.jpeg,.png,.gif,.webp,.mp3,.wav,.m4a,.ogg';
export const ACCEPT: Partial<Record<Kind, string>> = {
  video: '.mp4,.m4v,.mov,.webm,.ogv,video/mp4,video/webm,video/quicktime,video/ogg',
  pdf: '.pdf,application/pdf',
  file: DOCS,
  project: DOCS,
};
export const hasFile = (k: string | undefined): k is 'video' | 'pdf' | 'file' | 'project' => Boolean(k && ACCEPT[k as Kind]);

/** 1536 → "1.5 КБ" / "1.5 KB" in the interface language (common/format), a dash for nothing. */
export function humanSize(bytes: number | null | undefined) {
  return formatFileSize(bytes, getLang());
}
