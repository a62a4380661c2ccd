import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

/** SMTP settings of a school (settings key `email`). */
export interface EmailSettings {
  host: string;
  port: number;
  username?: string;
  password?: string;
  encryption?: 'ssl' | 'tls' | 'none';
  from_address?: string;
  from_name?: string;
}

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a scheduled report's .xlsx). */
  attachments?: { filename: string; path: string; contentType?: string }[];
}

export interface MailTenant {
  id: number;
  slug: string;
  title: string;
}

/**
 * `sent`: handed to the school's SMTP server. `outbox`: the `.eml` file written instead (no SMTP
 * configured) or as well (SMTP failed: `error` says why). Sending never throws for a transport
 * failure, so a notification cannot break the request that caused it; callers for whom the mail
 * is the whole point (password reset) check `sent`/`outbox`.
 */
export interface MailResult {
  sent: boolean;
  outbox?: string;
  error?: string;
}

/** Sends one message for a school (same as `app.mailer.send`). */
export function sendMail(app: FastifyInstance, tenant: MailTenant, mail: Mail): Promise<MailResult> {
  return app.mailer.send(tenant, mail);
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: { send(tenant: MailTenant, mail: Mail): Promise<MailResult> };
  }
}

/** What sending needs: the unbound handle (to read the school's SMTP settings), DATA_DIR, and a log. */
export interface MailContext {
  db: Db;
  dataDir: string;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Sends mail through the school's SMTP server; with none configured, writes each message as an
 * `.eml` file into DATA_DIR/outbox/<school>/ that any mail program opens.
 */
export function installMailer(app: FastifyInstance) {
  app.decorate('mailer', { send: (tenant, mail) => sendSchoolMail({ db: app.db, dataDir: app.config.dataDir, log: app.log }, tenant, mail) });
}

/**
 * One message for a school, outside a request as well (`npm run school -- create` mails the first main administrator
 * with no server running): the same SMTP-or-outbox rule as `app.mailer.send`. `ctx.db` may be a transaction's handle.
 */
export async function sendSchoolMail(ctx: MailContext, tenant: MailTenant, mail: Mail): Promise<MailResult> {
  const [row] = await ctx.db
    .select()
    .from(settings)
    .where(and(eq(settings.tenant_id, tenant.id), eq(settings.key, 'email')));
  const smtp = row?.value as EmailSettings | undefined;
  const from = smtp?.from_address ? { name: smtp.from_name ?? tenant.title, address: smtp.from_address } : { name: tenant.title, address: `no-reply@${tenant.slug}.localhost` };
  const message = { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments };
  const writeOutbox = async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await transport.sendMail(message);
    const dir = join(ctx.dataDir, 'outbox', tenant.slug);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
    writeFileSync(file, info.message as Buffer);
    return file;
  };
  if (smtp?.host) {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: Number(smtp.port),
      secure: smtp.encryption === 'ssl',
      ignoreTLS: smtp.encryption === 'none',
      requireTLS: smtp.encryption === 'tls',
      auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? '' } : undefined,
      tls: { rejectUnauthorized: false },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail(message);
      return { sent: true };
    } catch (e) {
      const error = (e as Error).message;
      const file = await writeOutbox();
      ctx.log?.error({ err: e, school: tenant.slug, file }, 'SMTP failed; the message was kept in the outbox');
      return { sent: false, outbox: file, error };
    }
  }
  const file = await writeOutbox();
  ctx.log?.info({ file }, 'mail written to the outbox');
  return { sent: false, outbox: file };
}
