import { createHash } from 'node:crypto';

/**
 * The second wall between schools (docs/school-isolation.md): PostgreSQL row-level security on every school-owned
 * table, keyed on the school set for the connection (`app.tenant_id`).
 *
 * School-bound handles on PostgreSQL run each statement and transaction as the role `campus_app` with `app.tenant_id`
 * set for that transaction only (`set_config(…, true)` in the same round trip, see pooled.ts), on the process's one
 * pool, so even a raw query that lacks the school's condition sees only that school's rows, and cannot write rows of
 * another. The role that owns the tables (the one in DATABASE_URL: school and
 * token look-up, migrations, the seed) is not subject to the policies.
 *
 * Applied after every migration run, so a table added later gets its policy without anyone remembering it: any base
 * table of the public schema with a `tenant_id` column, and `tenants` by its `id`. A start that finds it all in place
 * (`SCHOOL_WALL_IN_PLACE_SQL`, one read of the catalogue) does not run it again: running it took a second of each start.
 */
export const APP_ROLE = 'campus_app';
export const SCHOOL_SETTING = 'app.tenant_id';

const current = `nullif(current_setting('${SCHOOL_SETTING}', true), '')::int`;

const WALL_SQL = `
do $$
begin
  if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
    begin
      create role ${APP_ROLE} nologin;
    exception when duplicate_object or unique_violation then null; -- created by a parallel start
    end;
  end if;
  if not (select rolsuper from pg_roles where rolname = current_user) and not pg_has_role(current_user, '${APP_ROLE}', 'member') then
    execute format('grant ${APP_ROLE} to %I', current_user);
  end if;
end $$;
grant usage on schema public to ${APP_ROLE};
grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
grant usage, select on all sequences in schema public to ${APP_ROLE};
do $$
declare t record;
begin
  for t in
    select c.table_name, case when c.table_name = 'tenants' then 'id' else 'tenant_id' end as col
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
      and (c.column_name = 'tenant_id' or (c.table_name = 'tenants' and c.column_name = 'id'))
  loop
    execute format('alter table %I enable row level security', t.table_name);
    if not exists (select from pg_policies where schemaname = 'public' and tablename = t.table_name and policyname = 'school_wall') then
      execute format('create policy school_wall on %I using (%I = ${current.replace(/'/g, "''")}) with check (%I = ${current.replace(/'/g, "''")})', t.table_name, t.col, t.col);
    end if;
  end loop;
end $$;
`;

/** Marks the wall as this version of `WALL_SQL`: a start after it changed runs it again even where it seems in place. */
const WALL_VERSION = `school wall ${createHash('sha256').update(WALL_SQL).digest('hex').slice(0, 16)}`;

export const SCHOOL_WALL_SQL = `${WALL_SQL}comment on policy school_wall on tenants is '${WALL_VERSION}';\n`;

/**
 * True when the database holds everything `SCHOOL_WALL_SQL` makes, by this version of it: the role (and the current
 * user in it), its grants on the schema, on every table and sequence, and the policy with row-level security on every
 * school table. Anything missing (a table a migration added, a grant revoked) and the start runs the wall again.
 */
export const SCHOOL_WALL_IN_PLACE_SQL = `
select case when not exists (select from pg_roles where rolname = '${APP_ROLE}') then false else
  ((select rolsuper from pg_roles where rolname = current_user) or pg_has_role(current_user, '${APP_ROLE}', 'member'))
  and has_schema_privilege('${APP_ROLE}', 'public', 'usage')
  and not exists (
    select from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and not (has_table_privilege('${APP_ROLE}', c.oid, 'select') and has_table_privilege('${APP_ROLE}', c.oid, 'insert')
        and has_table_privilege('${APP_ROLE}', c.oid, 'update') and has_table_privilege('${APP_ROLE}', c.oid, 'delete')))
  and not exists (
    select from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S'
      and not (has_sequence_privilege('${APP_ROLE}', c.oid, 'usage') and has_sequence_privilege('${APP_ROLE}', c.oid, 'select')))
  and not exists (
    select from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and not a.attisdropped and a.attnum > 0
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and (a.attname = 'tenant_id' or (c.relname = 'tenants' and a.attname = 'id'))
      and not (c.relrowsecurity and exists (select from pg_policy p where p.polrelid = c.oid and p.polname = 'school_wall')))
  and coalesce((select obj_description(p.oid, 'pg_policy') from pg_policy p where p.polrelid = 'public.tenants'::regclass and p.polname = 'school_wall'), '') = '${WALL_VERSION}'
end as in_place
`;
