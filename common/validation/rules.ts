/** Client-side checks; each answers a message key of validation/messages.ts or undefined. The server checks the same. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 24;

export const required = (v: unknown) => (v === undefined || v === null || String(v).trim() === '' ? 'validation.required' : undefined);
export const email = (v: string) => (v && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? 'validation.email' : undefined);
export const password = (v: string) => (v && (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX) ? 'validation.password' : undefined);
export const passwordsMatch = (a: string, b: string) => (a !== b ? 'validation.passwords_match' : undefined);

/** Runs rules over fields; answers `{ field: key }` for the first failing rule of each. */
export function validate(values: Record<string, string>, rules: Record<string, ((v: string, all: Record<string, string>) => string | undefined)[]>) {
  const errors: Record<string, string> = {};
  for (const [field, list] of Object.entries(rules)) {
    for (const rule of list) {
      const e = rule(values[field] ?? '', values);
      if (e) {
        errors[field] = e;
        break;
      }
    }
  }
  return errors;
}
