import type { ResourceConfig } from '../framework/types.ts';
import { courses } from './courses/index.ts';
import { users } from './users/index.ts';
import { registers } from './registers/index.ts';
import { projects } from './projects/index.ts';
import { groups } from './groups/index.ts';
import { news } from './news/index.ts';
import { demoAudit } from './demo-audit/index.ts';
import { prices } from './prices/index.ts';
import { quizzes } from './quizzes/index.ts';
import { payments } from './payments/index.ts';

/** Every resource of the back office, in menu order. Adding a resource = one configuration module + one line here. */
export const resources: ResourceConfig[] = [courses, quizzes, users, registers, groups, projects, news, prices, payments, demoAudit];
