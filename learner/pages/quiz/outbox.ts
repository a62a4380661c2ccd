import { currentTenant } from '../../../common/tenant/tenant.ts';
import type { AnswerValue } from './model.ts';

/**
 * The answers and flags of an attempt that have not reached the server yet, kept in the browser's localStorage so
 * that they survive a reload (issue 30: "saved on this device, waiting for the network"). One entry per question and
 * kind: a newer answer to the same question replaces the waiting one, since the last answer counts.
 */
export interface Waiting {
  question_id: number;
  kind: 'answer' | 'flag';
  answer?: AnswerValue;
  flagged?: boolean;
  /** When the student gave it (the browser's clock; the server stamps the arrival). */
  at: number;
}

const keyOf = (attemptId: number) => `quiz-outbox:${currentTenant()}:${attemptId}`;
const placeKey = (attemptId: number) => `quiz-place:${currentTenant()}:${attemptId}`;

function read(attemptId: number): Waiting[] {
  try {
    const raw = localStorage.getItem(keyOf(attemptId));
    return raw ? (JSON.parse(raw) as Waiting[]) : [];
  } catch {
    return [];
  }
}

function write(attemptId: number, list: Waiting[]) {
  try {
    if (list.length) localStorage.setItem(keyOf(attemptId), JSON.stringify(list));
    else localStorage.removeItem(keyOf(attemptId));
  } catch {
    /* storage full or off: the answer is still in memory and sent when it can be */
  }
}

export const outbox = {
  list: read,
  put(attemptId: number, item: Waiting) {
    write(attemptId, [...read(attemptId).filter((w) => !(w.question_id === item.question_id && w.kind === item.kind)), item]);
  },
  /** Drops an entry once the server has it, unless a newer one for the same question came meanwhile. */
  done(attemptId: number, item: Waiting) {
    write(
      attemptId,
      read(attemptId).filter((w) => !(w.question_id === item.question_id && w.kind === item.kind && w.at === item.at)),
    );
  },
  clear(attemptId: number) {
    write(attemptId, []);
    try {
      localStorage.removeItem(placeKey(attemptId));
    } catch {
      /* nothing kept */
    }
  },
  /** The question the student was on (a reload comes back to it). */
  place(attemptId: number): number | null {
    try {
      const v = localStorage.getItem(placeKey(attemptId));
      return v ? Number(v) : null;
    } catch {
      return null;
    }
  },
  setPlace(attemptId: number, questionId: number) {
    try {
      localStorage.setItem(placeKey(attemptId), String(questionId));
    } catch {
      /* a reload then starts at the first unanswered question */
    }
  },
};
