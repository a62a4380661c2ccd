import { and, eq, inArray, isNull, lte, not, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import sanitizeHtml from 'sanitize-html';
import { groupUsers, groups, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { today } from '../../core/context.ts';
import { cleanHtml } from '../../core/html.ts';
import { Id } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: mail'];
const IdList = Type.Array(Id, { maxItems: 5000 });
/** At most this many messages are handed to the SMTP server at the same time. */
const PARALLEL = 4;
/** `POST /admin/email/send`: how many were addressed, sent, left in the outbox, failed (the back office's toast derives its type from it). */
export const SendAnswer = dataOf(Type.Object({ recipients: Type.Integer(), sent: Type.Integer(), outbox: Type.Integer(), failed: Type.Integer() }));

/** Plain-text twin of a sanitised HTML body (paragraphs and line breaks kept). */
export function htmlToText(html: string) {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '• ');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Mail to users of the school (`POST /admin/email/send`): chosen users, members of chosen groups, or everyone.
 * Admins, superadmins and moderators; refused while the school's `message` flag is off. Each recipient gets a
 * message of their own (nobody sees the other addresses); blocked users and users without an e-mail are skipped.
 */
export default async function mailAdmin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/admin/email/send',
    {
      config: { roles: ACCESS.curatorWork.read, flag: 'message', noDemo: true },
      schema: {
        tags,
        summary: 'Send a mail to users, groups or everyone; answers how many recipients, sent, kept in the outbox and failed',
        body: Type.Object({
          subject: Type.String({ minLength: 1, maxLength: 255 }),
          body: Type.String({ minLength: 1, maxLength: 100_000 }),
          users: Type.Optional(IdList),
          groups: Type.Optional(IdList),
          to_all: Type.Optional(Type.Boolean()),
        }),
        response: { 200: SendAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const userIds = [...new Set(b.users ?? [])];
      const groupIds = [...new Set(b.groups ?? [])];
      if (!b.to_all && !userIds.length && !groupIds.length) throw new AppError(422, 'NOT_CHECK_ID_USER', 'Choose users, groups or everyone');

      if (userIds.length) {
        const found = await req.db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
        if (found.length !== userIds.length) throw notFound('user');
      }
      if (groupIds.length) {
        const found = await req.db.select({ id: groups.id }).from(groups).where(inArray(groups.id, groupIds));
        if (found.length !== groupIds.length) throw notFound('group');
      }

      const active = and(eq(users.is_blocked, false), or(isNull(users.date_block), not(lte(users.date_block, today()))));
      const pick = { id: users.id, email: users.email };
      let rows: { id: number; email: string | null }[];
      if (b.to_all) rows = await req.db.select(pick).from(users).where(active);
      else {
        const direct = userIds.length
          ? await req.db
              .select(pick)
              .from(users)
              .where(and(active, inArray(users.id, userIds)))
          : [];
        const members = groupIds.length
          ? await req.db
              .select(pick)
              .from(groupUsers)
              .innerJoin(users, eq(users.id, groupUsers.user_id))
              .where(and(active, inArray(groupUsers.group_id, groupIds)))
          : [];
        rows = [...direct, ...members];
      }
      const emails = [...new Map(rows.filter((r) => r.email).map((r) => [r.email!.toLowerCase(), r.email!])).values()];
      if (!emails.length) throw new AppError(422, 'NO_EMAILS', 'Nobody to send to');

      const html = cleanHtml(b.body);
      const text = htmlToText(html);
      const subject = b.subject.replace(/[\r\n]+/g, ' ').trim();
      let sent = 0;
      let outbox = 0;
      let failed = 0;
      const queue = [...emails];
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
          for (let to = queue.shift(); to; to = queue.shift()) {
            const r = await app.mailer.send(req.tenant, { to, subject, text, html });
            if (r.sent) sent++;
            else if (r.error) failed++;
            else outbox++;
          }
        }),
      );
      await fastify.recordEvent(req, 'mail_sent', undefined, { subject, recipients: emails.length, sent, outbox, failed, to_all: !!b.to_all, users: userIds.length, groups: groupIds.length });
      return { data: { recipients: emails.length, sent, outbox, failed } };
    },
  );
}
