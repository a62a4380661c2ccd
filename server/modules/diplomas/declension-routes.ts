import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { users } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { Id, nullable } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';
import { RECORD_ROLES } from '../templates/index.ts';
import { declineName, splitName } from './declension.ts';

const Name = Type.String({ maxLength: 100 });
export const DeclensionView = Type.Object({ nominative: Type.String(), genitive: Type.String(), dative: Type.String(), declined: Type.Boolean() });

/** `POST /admin/diploma/declension`: the genitive and dative the library proposes (the form keeps them editable). */
export function declensionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/admin/diploma/declension',
    {
      config: { roles: RECORD_ROLES },
      schema: {
        tags: ['admin: diplomas'],
        summary:
          "The genitive and dative of a Russian full name (petrovich): from `user_id` (the user's surname, name, patronymic and sex), or `surname`, `name`, `patronymic`, `sex`, or a whole `full_name`; a name the library cannot decline answers the typed `genitive`/`dative` (else the nominative) with declined: false",
        body: Type.Partial(
          Type.Object({
            user_id: Id,
            full_name: Type.String({ maxLength: 255 }),
            surname: Name,
            name: Name,
            patronymic: nullable(Name),
            sex: nullable(Type.Union([Type.Literal('male'), Type.Literal('female')])),
            genitive: nullable(Type.String({ maxLength: 255 })),
            dative: nullable(Type.String({ maxLength: 255 })),
          }),
        ),
        response: { 200: dataOf(DeclensionView) },
      },
    },
    async (req) => {
      const b = req.body;
      let parts = b.full_name?.trim() ? splitName(b.full_name) : { surname: b.surname?.trim() ?? '', name: b.name?.trim() ?? '', patronymic: b.patronymic?.trim() || null };
      let sex = b.sex ?? null;
      if (b.user_id) {
        const [u] = await req.db.select().from(users).where(eq(users.id, b.user_id));
        if (!u) throw notFound('user');
        if (!parts.surname && !parts.name) parts = { surname: u.surname, name: u.name, patronymic: u.patronymic };
        sex ??= u.sex;
      }
      if (!parts.surname && !parts.name) throw fieldError('full_name', 'validation.required');
      return { data: declineName({ ...parts, sex }, { genitive: b.genitive, dative: b.dative }) };
    },
  );
}
