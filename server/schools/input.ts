import { fullFormats } from 'ajv-formats/dist/formats.js';
import { ACCESS_FLAGS, type AccessFlag } from '../../common/access/roles.ts';

/** The interface languages a school may offer (the apps' two). */
export const SCHOOL_LANGUAGES = ['ru', 'en'] as const;
export type SchoolLanguage = (typeof SCHOOL_LANGUAGES)[number];

/**
 * First labels that never name a school: the service's own sub-domains (`www`, `api`, `admin`, `docs`), mail and
 * file hosts a deployment is likely to put beside the schools, and names that mean this machine or nothing. A school
 * at one of them would shadow the host or be shadowed by it.
 */
export const RESERVED_SLUGS = [
  'www',
  'api',
  'admin',
  'docs',
  'app',
  'web',
  'static',
  'assets',
  'cdn',
  'files',
  'media',
  'mail',
  'smtp',
  'imap',
  'pop',
  'mx',
  'ftp',
  'ns',
  'ns1',
  'ns2',
  'autoconfig',
  'autodiscover',
  'status',
  'health',
  'metrics',
  'localhost',
] as const;

/** A school as `npm run school -- create` makes it, checked. */
export interface SchoolInput {
  /** The first label of its host name: `acme` answers at acme.<host>. */
  slug: string;
  title: string;
  /** Its interface languages, the default first. */
  languages: SchoolLanguage[];
  /** The optional sections switched on (the rest are off). */
  sections: AccessFlag[];
  /** The first main administrator (role superadmin), who is mailed a link to choose a password. */
  adminEmail: string;
}

/** What an operator writes: every field a string (a command-line flag or a CSV cell), possibly missing. */
export interface RawSchool {
  /** Where it was read: its row in a CSV file (the header is row 1, as a spreadsheet numbers them). */
  row?: number;
  slug?: string;
  title?: string;
  languages?: string;
  sections?: string;
  admin_email?: string;
}

/** One problem of the input: the CSV row (the header is row 1) when there is one, the field, why. */
export interface InputProblem {
  row?: number;
  field: string;
  reason: string;
}

/** Bad input: nothing was written. Its message names every problem, one a line. */
export class SchoolInputError extends Error {
  constructor(readonly problems: InputProblem[]) {
    super(problems.map(describeProblem).join('\n'));
  }
}

export const describeProblem = (p: InputProblem) => `${p.row !== undefined ? `row ${p.row}, ` : ''}field "${p.field}": ${p.reason}`;

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why a slug cannot name a school (not a DNS label, reserved), or undefined when it can (taken is checked apart). */
export function slugProblem(slug: string): string | undefined {
  if (!slug) return 'is required';
  if (slug.length > 63) return `"${slug}" is longer than 63 characters (a DNS label)`;
  if (!DNS_LABEL.test(slug)) return `"${slug}" is not a DNS label: lowercase letters a-z, digits and "-", not starting or ending with "-"`;
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return `"${slug}" is reserved (${RESERVED_SLUGS.join(', ')})`;
  return undefined;
}

/** The same rule as the API's `format: email` (ajv-formats, full mode): what the accounts module accepts later. */
export const isEmail = (v: string) => v.length <= 255 && (fullFormats.email as RegExp).test(v);

/** A list in one field: items separated by commas, semicolons or spaces (`ru,en`, `rating payment`); empty: none. */
const listOf = (v: string | undefined) => (v ?? '').split(/[\s,;]+/).filter(Boolean);

/** Checks one school's fields; answers it cleaned, or the problems (each naming `row` when given). */
export function checkSchool(raw: RawSchool): { school?: SchoolInput; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const row = raw.row;
  const problem = (field: string, reason: string) => problems.push({ row, field, reason });
  const slug = (raw.slug ?? '').trim();
  const sp = slugProblem(slug);
  if (sp) problem('slug', sp);
  const title = (raw.title ?? '').trim();
  if (!title) problem('title', 'is required');
  else if (title.length > 200) problem('title', 'is longer than 200 characters');
  // none named (no flag, an empty cell): both, Russian first (the apps' default)
  const languages = raw.languages?.trim() ? listOf(raw.languages) : [...SCHOOL_LANGUAGES];
  for (const l of languages) if (!(SCHOOL_LANGUAGES as readonly string[]).includes(l)) problem('languages', `"${l}" is not one of ${SCHOOL_LANGUAGES.join(', ')}`);
  if (new Set(languages).size !== languages.length) problem('languages', 'names a language twice');
  const sections = listOf(raw.sections);
  for (const s of sections) if (!(ACCESS_FLAGS as readonly string[]).includes(s)) problem('sections', `"${s}" is not one of ${ACCESS_FLAGS.join(', ')}`);
  const adminEmail = (raw.admin_email ?? '').trim();
  if (!adminEmail) problem('admin_email', 'is required');
  else if (!isEmail(adminEmail)) problem('admin_email', `"${adminEmail}" is not an e-mail address`);
  if (problems.length) return { problems };
  return {
    school: { slug, title, languages: languages as SchoolLanguage[], sections: [...new Set(sections)] as AccessFlag[], adminEmail: adminEmail.toLowerCase() },
    problems,
  };
}
