import type { AccessFlags } from '../common/access/flags.ts';
export type AccessFlag = keyof AccessFlags;
