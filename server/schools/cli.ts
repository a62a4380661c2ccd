// `npm run school -- <verb>`: schools without SQL (docs/operations.md). A thin wrapper: the work is in ./schools.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, pgliteDirFor, type Database } from '../db/client.ts';
import { DataDirBusy, holdDataDir } from '../core/data-lock.ts';
import { readSchoolsCsv } from './csv.ts';
import { SchoolInputError, type RawSchool } from './input.ts';
import { createSchools, listSchools, renameSchool, resumeSchool, suspendSchool, type SchoolSummary } from './schools.ts';

const USAGE = `Usage: npm run school -- <verb> [options]

  create --slug <slug> --title <title> --admin-email <e-mail> [--languages ru,en] [--sections rating,payment,...]
  create --from schools.csv          many schools at once, all or none (columns: slug,title,languages,sections,admin_email)
  list [--json]                      every school: slug, title, languages, sections, state, users
  rename <slug> --title <title>      a new title (the slug is the school's address and stays)
  suspend <slug>                     refuse every sign-in and every token of the school; its data stays
  resume <slug>                      let a suspended school work again

  create also takes --host <host>: the set-password link is https://<slug>.<host>/reset_password/…
  (default http://<slug>.localhost:WEB_PORT). The database is DATABASE_URL's, else the embedded one under DATA_DIR,
  which only one process may open: stop the server first (docs/operations.md).`;

class UsageError extends Error {}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        slug: { type: 'string' },
        title: { type: 'string' },
        languages: { type: 'string' },
        sections: { type: 'string' },
        'admin-email': { type: 'string' },
        from: { type: 'string' },
        host: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();

const [verb, ...rest] = positionals;
if (values.help || !verb || verb === 'help') {
  console.log(USAGE);
  process.exit(verb || values.help ? 0 : 2);
}

const VERBS = ['create', 'list', 'rename', 'suspend', 'resume'];
if (!VERBS.includes(verb)) {
  console.error(`error: unknown verb "${verb}"\n\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();

/** The web origin of a school's portal for the link in its mail. */
function webOrigin(slug: string) {
  const host = values.host?.trim();
  if (!host) return `http://${slug}.localhost:${config.webPort}`;
  const [, scheme = 'https://', name] = /^(https?:\/\/)?(.+?)\/?$/.exec(host) ?? [];
  return `${scheme}${slug}.${name}`;
}

/** The slug a verb acts on: `suspend acme` or `suspend --slug acme`. */
function slugArg() {
  const slug = rest[0] ?? values.slug;
  if (!slug) throw new UsageError(`${verb}: name the school: npm run school -- ${verb} <slug>`);
  if (rest.length > 1) throw new UsageError(`${verb}: one school at a time (got ${rest.join(' ')})`);
  return slug.trim().toLowerCase();
}

function showList(schools: SchoolSummary[]) {
  if (values.json) return console.log(JSON.stringify(schools, null, 2));
  if (!schools.length) return console.log('No schools yet: npm run school -- create …');
  const rows = schools.map((s) => [
    s.slug,
    s.title,
    s.languages.join(','),
    s.sections.join(',') || '-',
    s.suspended_at ? `suspended since ${s.suspended_at.toISOString().slice(0, 16).replace('T', ' ')}` : 'active',
    String(s.users),
  ]);
  const head = ['slug', 'title', 'languages', 'sections', 'state', 'users'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [head, ...rows])
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}

async function run(db: Database['db']) {
  switch (verb) {
    case 'create': {
      let raws: RawSchool[];
      if (values.from) {
        if (values.slug || values.title || values['admin-email'] || values.languages || values.sections) {
          throw new UsageError("create: either --from <file.csv> or one school's --slug, --title, … , not both");
        }
        let text: string;
        try {
          text = readFileSync(resolve(values.from), 'utf8');
        } catch (err) {
          throw new SchoolInputError([{ field: 'from', reason: `cannot read ${values.from} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` }]);
        }
        raws = readSchoolsCsv(text);
      } else {
        if (rest.length) throw new UsageError(`create: unexpected ${rest.join(' ')} (give the school as --slug <slug>)`);
        raws = [{ slug: values.slug, title: values.title, languages: values.languages, sections: values.sections, admin_email: values['admin-email'] }];
      }
      const created = await createSchools(db, raws, { dataDir: config.dataDir, webOrigin });
      for (const c of created) {
        console.log(`Created ${c.slug}: ${webOrigin(c.slug)}`);
        console.log(`  main administrator ${c.adminEmail}: set-password mail ${c.outbox ? `written to ${c.outbox}` : 'sent'}`);
      }
      return;
    }
    case 'list':
      if (rest.length) throw new UsageError(`list: unexpected ${rest.join(' ')}`);
      return showList(await listSchools(db));
    case 'rename': {
      const row = await renameSchool(db, slugArg(), values.title);
      return console.log(`Renamed ${row.slug}: ${row.title}`);
    }
    case 'suspend': {
      const row = await suspendSchool(db, slugArg());
      return console.log(`Suspended ${row.slug} (since ${row.suspended_at?.toISOString()}): every sign-in and token is refused; its data stays.`);
    }
    case 'resume': {
      const row = await resumeSchool(db, slugArg());
      return console.log(`Resumed ${row.slug}: it works again.`);
    }
    default:
      throw new UsageError(`unknown verb "${verb}"`);
  }
}

let code = 0;
let database: Database | undefined;
try {
  // the embedded database is one process's: not while a server has it open
  if (!config.databaseUrl) holdDataDir(config.dataDir, 'school command');
  database = await openDatabase({ url: config.databaseUrl, directUrl: config.databaseDirectUrl, pooled: Boolean(config.databaseDirectUrl), pgliteDir: pgliteDirFor(config.dataDir) });
  await run(database.db);
} catch (err) {
  code = 1;
  if (err instanceof SchoolInputError) console.error(`${err.message.replace(/^/gm, 'error: ')}\nNothing was written.`);
  else if (err instanceof DataDirBusy) console.error(`error: ${err.message}.\nStop the server first (or use DATABASE_URL with PostgreSQL, where the command runs beside it). Nothing was written.`);
  else if (err instanceof UsageError) {
    console.error(`error: ${err.message}\n\n${USAGE}`);
    code = 2;
  } else {
    console.error(`error: ${(err as Error).stack ?? err}\nNothing was written.`);
  }
} finally {
  await database?.close();
}
process.exit(code);
