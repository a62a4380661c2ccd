import { or, sql } from 'drizzle-orm';
import { writeCsv, writeSheet } from '../../core/excel.ts';
import type { Db } from '../../db/client.ts';
import { groups, groupUsers, users, type Role } from '../../db/schema/index.ts';
import type { User } from '../../core/context.ts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from '../../core/password.ts';
import { importFormatError, readSheet, type SheetRow } from './sheet.ts';
import { mayManage } from './rules.ts';

/** Columns of the import file, in template order; the first four are required. */
export const IMPORT_COLUMNS = ['login', 'email', 'name', 'surname', 'patronymic', 'role', 'phone', 'password', 'group'] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: Column[] = ['login', 'email', 'name', 'surname'];

/** Header names accepted besides the column ids (Russian headers as people type them). */
const ALIASES: Record<string, Column> = {
  логин: 'login',
  'e-mail': 'email',
  почта: 'email',
  имя: 'name',
  фамилия: 'surname',
  отчество: 'patronymic',
  роль: 'role',
  телефон: 'phone',
  пароль: 'password',
  группа: 'group',
};

const ROLE_NAMES: Record<string, Role> = {
  student: 'student',
  студент: 'student',
  слушатель: 'student',
  trainer: 'trainer',
  тренер: 'trainer',
  преподаватель: 'trainer',
  moderator: 'moderator',
  модератор: 'moderator',
  куратор: 'moderator',
  curator: 'moderator',
  admin: 'admin',
  администратор: 'admin',
  superadmin: 'superadmin',
  суперадминистратор: 'superadmin',
};

/**
 * At most this many data rows are imported from one file. Reading stops at the first data row past it, which is
 * reported once with IMPORT_TOO_MANY_ROWS (the rest of the file is not read), or after MAX_IMPORT_LINES lines of any
 * kind (empty ones included) once the header is found.
 */
export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_LINES = 10_000;
const LOGIN_RE = /^[A-Za-z0-9_.@-]{3,64}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A password hash that no password matches: imported users without a password sign in after "send password" or a reset. */
export const NO_PASSWORD = '!import-no-password';

export interface Refused {
  row: number;
  login: string;
  email: string;
  errors: string[];
}
export interface ImportReport {
  created: number;
  refused: Refused[];
}

function columnsOf(header: string[]) {
  const map = new Map<Column, number>();
  header.forEach((h, i) => {
    const key = h.trim().toLowerCase().replace(/\s+/g, ' ');
    const col = (IMPORT_COLUMNS as readonly string[]).includes(key) ? (key as Column) : ALIASES[key];
    if (col && !map.has(col)) map.set(col, i);
  });
  const missing = REQUIRED.filter((c) => !map.has(c));
  if (missing.length) throw importFormatError('header', { missing });
  return map;
}

/**
 * Imports users from a file, row by row as the file is read. Each row is checked on its own and created in its
 * own transaction (the user and its group membership, or nothing); the answer lists refused rows with codes.
 */
/** Called for each user the import created, with the password the row gave (the route sends the welcome mail). */
export type OnImported = (user: { login: string; email: string; name: string | null; surname: string | null }, password: string | null) => void;

const STOP = Symbol('stop reading');

export async function importUsers(db: Db, me: User, file: { path: string; head: Buffer }, onImported: OnImported = () => {}): Promise<ImportReport> {
  const report: ImportReport = { created: 0, refused: [] };
  const seenLogins = new Set<string>();
  const seenEmails = new Set<string>();
  const groupIds = new Map<string, number | null>();
  let cols: Map<Column, number> | undefined;
  let dataRows = 0;

  async function groupId(title: string) {
    const key = title.toLowerCase();
    if (!groupIds.has(key)) {
      const [g] = await db.select({ id: groups.id }).from(groups).where(sql`lower(${groups.title}) = ${key}`).limit(1);
      groupIds.set(key, g?.id ?? null);
    }
    return groupIds.get(key) ?? null;
  }

  async function importRow(r: SheetRow) {
    const get = (c: Column) => {
      const i = cols!.get(c);
      return i === undefined ? '' : (r.cells[i] ?? '').trim();
    };
    const row = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, get(c)])) as Record<Column, string>;
    if (!Object.values(row).some(Boolean)) return; // an empty line
    const refuse = (errors: string[]) => void report.refused.push({ row: r.line, login: row.login, email: row.email, errors });
    if (++dataRows > MAX_IMPORT_ROWS) {
      refuse(['IMPORT_TOO_MANY_ROWS']);
      return STOP;
    }
    const errors: string[] = [];
    const login = row.login.toLowerCase();
    const email = row.email.toLowerCase();
    if (!LOGIN_RE.test(row.login)) errors.push('IMPORT_LOGIN_FORMAT');
    else if (seenLogins.has(login)) errors.push('IMPORT_DUPLICATE_LOGIN');
    if (!EMAIL_RE.test(row.email) || row.email.length > 255) errors.push('IMPORT_EMAIL_FORMAT');
    else if (seenEmails.has(email)) errors.push('IMPORT_DUPLICATE_EMAIL');
    if (!row.name || !row.surname) errors.push('IMPORT_NAME_REQUIRED');
    if (row.name.length > 100 || row.surname.length > 100 || row.patronymic.length > 100 || row.phone.length > 32) errors.push('IMPORT_FIELD_LENGTH');
    const role: Role | undefined = row.role ? ROLE_NAMES[row.role.toLowerCase()] : 'student';
    if (!role) errors.push('IMPORT_UNKNOWN_ROLE');
    else if (!mayManage(me, role)) errors.push('IMPORT_ROLE_ACCESS');
    if (row.password && (row.password.length < PASSWORD_MIN || row.password.length > PASSWORD_MAX)) errors.push('IMPORT_PASSWORD_LENGTH');
    const gid = row.group ? await groupId(row.group) : null;
    if (row.group && gid === null) errors.push('IMPORT_UNKNOWN_GROUP');
    // later rows repeating this login or e-mail are duplicates even when this row is refused for another reason
    if (LOGIN_RE.test(row.login)) seenLogins.add(login);
    if (EMAIL_RE.test(row.email)) seenEmails.add(email);
    if (!errors.includes('IMPORT_LOGIN_FORMAT') && !errors.includes('IMPORT_EMAIL_FORMAT') && !errors.includes('IMPORT_DUPLICATE_LOGIN') && !errors.includes('IMPORT_DUPLICATE_EMAIL')) {
      const taken = await db
        .select({ id: users.id })
        .from(users)
        .where(or(sql`lower(${users.login}) = ${login}`, sql`lower(${users.email}) = ${email}`))
        .limit(1);
      if (taken.length) errors.push('USER_EMAIL_ISSET');
    }
    if (errors.length) return refuse(errors);
    const passwordHash = row.password ? await hashPassword(row.password) : NO_PASSWORD;
    try {
      await db.transaction(async (tx) => {
        const [u] = await tx
          .insert(users)
          .values({
            login: row.login,
            email: row.email,
            name: row.name,
            surname: row.surname,
            patronymic: row.patronymic || null,
            phone: row.phone || null,
            role: role!,
            password_hash: passwordHash,
          })
          .returning({ id: users.id });
        if (gid !== null) await tx.insert(groupUsers).values({ group_id: gid, user_id: u.id }).onConflictDoNothing();
      });
      report.created++;
      onImported({ login: row.login, email: row.email, name: row.name || null, surname: row.surname || null }, row.password || null);
    } catch (e) {
      // a unique index refused it (someone created the same login or e-mail meanwhile)
      if ((e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') return refuse(['USER_EMAIL_ISSET']);
      throw e;
    }
  }

  let lines = 0;
  for await (const r of readSheet(file.path, file.head)) {
    if (!cols) {
      if (!r.cells.some(Boolean)) continue; // blank lines before the header
      cols = columnsOf(r.cells);
      continue;
    }
    // past the limit: said once, and the rest of the file is left unread (leaving the loop closes the reader)
    if (++lines > MAX_IMPORT_LINES) {
      report.refused.push({ row: r.line, login: '', email: '', errors: ['IMPORT_TOO_MANY_ROWS'] });
      break;
    }
    if ((await importRow(r)) === STOP) break;
  }
  if (!cols) throw importFormatError('empty');
  return report;
}

/** The import template: the header row and one example row, as xlsx or csv. */
export async function importTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  const example = ['ivanov', 'ivanov@example.com', 'Иван', 'Иванов', 'Иванович', 'student', '+7 900 000-00-00', '', ''];
  // the one spreadsheet writer (core/excel.ts), for both formats
  if (format === 'csv') return writeCsv([...IMPORT_COLUMNS], [example]);
  return writeSheet({ name: 'users', header: [...IMPORT_COLUMNS], widths: 20 }, [example]);
}
