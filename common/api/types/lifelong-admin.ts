import type { AwardPage, BranchTree } from '../../../server/modules/lifelong/responses.ts';
import type { Wire } from './wire.ts';

/** What lifelong learning's back-office routes answer (server/modules/lifelong/responses.ts). */
export type AchievementAward = Wire<typeof AwardPage>['data'][number];
/** `GET /admin/abranch/{id}/tree`: a branch with its programs and their modules, and its achievements with how many earned each. */
export type BranchTreeAnswer = Wire<typeof BranchTree>;
export type BranchTreeData = BranchTreeAnswer['data'];
export type BranchProgram = BranchTreeData['programs'][number];
export type BranchModule = BranchProgram['modules'][number];
export type BranchAchievement = BranchTreeData['achievements'][number];
