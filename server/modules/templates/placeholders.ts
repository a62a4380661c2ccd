import { AppError } from '../../core/errors.ts';
import { PLACEHOLDERS, type Placeholder } from '../../../common/templates/placeholders.ts';

/** The placeholders a document template may use: the list the back office shows too (common/templates/placeholders.ts). */
export { PLACEHOLDERS, type Placeholder } from '../../../common/templates/placeholders.ts';

const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a body uses, in order of first use. */
export function placeholdersOf(body: string): string[] {
  return [...new Set([...body.matchAll(PATTERN)].map((m) => m[1]))];
}

/** Refuses a body with a placeholder that is not in the list (422 ERROR_GENERATION_TEMPLATE, `variables.unknown`). */
export function assertKnownPlaceholders(body: string) {
  const unknown = placeholdersOf(body).filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length) {
    throw new AppError(422, 'ERROR_GENERATION_TEMPLATE', `Unknown placeholders: ${unknown.join(', ')}`, {
      unknown: unknown.map((p) => `{{${p}}}`).join(', '),
      allowed: PLACEHOLDERS.map((p) => `{{${p}}}`).join(', '),
    });
  }
}

/**
 * Fills a body. Every placeholder it uses must be known (else ERROR_GENERATION_TEMPLATE) and have a value
 * (else 422 ERROR_GENERATION_CONFIG with `variables.fields`: the diploma's settings to fill in first).
 */
export function fillTemplate(body: string, values: Partial<Record<Placeholder, string | null | undefined>>) {
  assertKnownPlaceholders(body);
  const missing = placeholdersOf(body).filter((p) => !values[p as Placeholder]);
  if (missing.length) throw new AppError(422, 'ERROR_GENERATION_CONFIG', `No value for: ${missing.join(', ')}`, { fields: missing.join(', ') });
  return body.replace(PATTERN, (_, p: string) => String(values[p as Placeholder]));
}
