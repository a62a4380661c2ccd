import { formatFileSize } from '../../../common/format/format.ts';
import { getLang } from '../../../common/i18n/lang.ts';

/** A size for people in the interface language (common/format): 512 Б, 12.0 КБ, 3.4 МБ. */
export function formatBytes(n: number) {
  return formatFileSize(n, getLang());
}
