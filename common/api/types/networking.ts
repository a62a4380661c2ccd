import type {
  CuratorList as CuratorListSchema,
  MemberAnswer as MemberAnswerSchema,
  MemberCard,
  MyRecordAnswer,
  SavedAnswer as SavedAnswerSchema,
  SearchAnswer,
  TreeAnswer,
} from '../../../server/modules/networking/responses.ts';
import type { Wire } from './wire.ts';

/** What the networking routes answer (server/modules/networking/responses.ts). */
export type MyRecordData = Wire<typeof MyRecordAnswer>;
export type MyRecord = MyRecordData['data'];
export type SavedRecord = Wire<typeof SavedAnswerSchema>;
export type Card = Wire<typeof MemberCard>;
export type SearchPage = Wire<typeof SearchAnswer>;
export type MemberAnswer = Wire<typeof MemberAnswerSchema>;
export type Tree = Wire<typeof TreeAnswer>;
export type TreeNode = Tree['data'][number];
export type CuratorList = Wire<typeof CuratorListSchema>;
export type CuratorRow = CuratorList['data'][number];
