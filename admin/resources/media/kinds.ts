import { formatFileSize } from '../../../common/format/format.ts';
import { getLang } from '../../../common/i18n/lang.ts';
import type { AdminMediaRecord } from '../../../common/api/types/media.ts';
/** Kinds of material and what their file input accepts (the server checks the same lists; each a kind of the server's `AdminMedia`). */
export const KINDS = ['video', 'pdf', 'file', 'link', 'text', 'project', 'scorm', 'lti'] as const satisfies readonly AdminMediaRecord['kind'][];
export type Kind = (typeof KINDS)[number];
export const kindChoices = KINDS.map((k) => ({ id: k, name: `media.kind.${k}` }));

const DOCS = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.txt,.csv,.md,.zip,.rar,.7z,.jpg,.jpeg,.png,.gif,.webp,.mp3,.wav,.m4a,.ogg';
export const ACCEPT: Partial<Record<Kind, string>> = {
  video: '.mp4,.m4v,.mov,.webm,.ogv,video/mp4,video/webm,video/quicktime,video/ogg',
  pdf: '.pdf,application/pdf',
  file: DOCS,
  project: DOCS,
  // a SCORM 1.2 or 2004 package: a zip with imsmanifest.xml at its root, up to the video limit
  scorm: '.zip,application/zip,application/x-zip-compressed',
};
export const hasFile = (k: string | undefined): k is 'video' | 'pdf' | 'file' | 'project' | 'scorm' => Boolean(k && ACCEPT[k as Kind]);

/** 1536 → "1.5 КБ" / "1.5 KB" in the interface language (common/format), a dash for nothing. */
export function humanSize(bytes: number | null | undefined) {
  return formatFileSize(bytes, getLang());
}
