// `npm run db:seed`: creates the demo schools in the configured database (PGlite or DATABASE_URL).
import { loadConfig } from '../config.ts';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { seedReferenceData } from './reference.ts';
import { seedDemo } from './demo.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
await seedReferenceData(database.db);
await seedDemo(database.db, config.dataDir);
await database.close();
console.log('Demo schools are ready.');
