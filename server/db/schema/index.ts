// One barrel for drizzle-kit and the query builder. Add a file per feature and export it here.
export * from './tenants.ts';
export * from './users.ts';
export * from './activity.ts';
export * from './reference.ts';
export * from './learning.ts';
export * from './student.ts';
export * from './quiz-admin.ts';
export * from './files.ts';
export * from './scores.ts';
export * from './user-extras.ts';
export * from './records.ts';
