import type { CredentialCheck, MyAchievements as MyAchievementsSchema, MyBranch, MyBranches } from '../../../server/modules/lifelong/responses.ts';
import type { Wire } from './wire.ts';

/** What the lifelong-learning routes answer a learner, and the public credential check (server/modules/lifelong/responses.ts). */
export type MyBranchList = Wire<typeof MyBranches>;
export type MyBranchAnswer = Wire<typeof MyBranch>;
export type MyAchievements = Wire<typeof MyAchievementsSchema>;
export type MyAchievement = MyAchievements['data'][number];
export type MissingStep = MyAchievement['missing'][number];
export type CredentialAnswer = Wire<typeof CredentialCheck>;
