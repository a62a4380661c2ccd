import { describe, expect, it } from 'vitest';
import { AnswerBatcher, type AnswerKind, type AnswerRow, type BatchedAnswer } from './answer-batch.ts';

const answer = (attemptId: number, questionId = 1): BatchedAnswer => ({
  attemptId,
  userId: attemptId,
  quizId: 1,
  version: 1,
  questionId,
  optionIds: [1],
  text: null,
  is_correct: true,
  score: 1,
});

/** A store whose statements the test lets finish one by one; it records what each statement held. */
function heldStore() {
  const statements: BatchedAnswer[][] = [];
  const release: (() => void)[] = [];
  const store = (_kind: AnswerKind, items: { answer: BatchedAnswer }[]) => {
    statements.push(items.map((i) => i.answer));
    return new Promise<(AnswerRow | undefined)[]>((resolve) => release.push(() => resolve(items.map((i) => ({ attempt: i.answer.attemptId, question: i.answer.questionId })))));
  };
  return { statements, release, store };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the answers stored together (AnswerBatcher)', () => {
  it('stores an answer at once, alone, when nothing is in flight', async () => {
    const { statements, release, store } = heldStore();
    const b = new AnswerBatcher(store, async () => undefined);
    const p = b.submit('answer', answer(1));
    expect(statements).toEqual([[answer(1)]]);
    release[0]();
    expect(await p).toEqual({ attempt: 1, question: 1 });
  });

  it('stores the answers that arrive while statements are in flight in one statement, each request getting its own row', async () => {
    const { statements, release, store } = heldStore();
    const b = new AnswerBatcher(store, async () => undefined, 64, 2);
    const first = [b.submit('answer', answer(1)), b.submit('answer', answer(2))];
    const waiting = [3, 4, 5, 6].map((id) => b.submit('answer', answer(id)));
    expect(statements.map((s) => s.length)).toEqual([1, 1]);
    release[0]();
    await tick();
    expect(statements.map((s) => s.map((a) => a.attemptId))).toEqual([[1], [2], [3, 4, 5, 6]]);
    release[1]();
    release[2]();
    expect(await Promise.all([...first, ...waiting])).toEqual([1, 2, 3, 4, 5, 6].map((id) => ({ attempt: id, question: 1 })));
  });

  it('never puts two answers of one attempt in a statement, nor one whose attempt is in flight', async () => {
    const { statements, release, store } = heldStore();
    const b = new AnswerBatcher(store, async () => undefined, 64, 2);
    const all = [b.submit('answer', answer(1, 1)), b.submit('answer', answer(1, 2)), b.submit('answer', answer(1, 3)), b.submit('answer', answer(2, 1))];
    // attempt 1's second and third answers wait for its first; attempt 2 goes beside it
    expect(statements.map((s) => s.map((a) => `${a.attemptId}:${a.questionId}`))).toEqual([['1:1'], ['2:1']]);
    release[0]();
    await tick();
    expect(statements.map((s) => s.map((a) => `${a.attemptId}:${a.questionId}`))).toEqual([['1:1'], ['2:1'], ['1:2']]);
    release[2]();
    await tick();
    expect(statements.at(-1)!.map((a) => `${a.attemptId}:${a.questionId}`)).toEqual(['1:3']);
    release[1]();
    release[3]();
    expect((await Promise.all(all)).map((r) => r?.question)).toEqual([1, 2, 3, 1]);
  });

  it('puts one kind of answer in a statement, and an attempt’s answers keep their order across kinds', async () => {
    const kinds: AnswerKind[] = [];
    const { statements, release, store } = heldStore();
    const b = new AnswerBatcher(
      (kind, items) => {
        kinds.push(kind);
        return store(kind, items);
      },
      async () => undefined,
      64,
      1,
    );
    const all = [b.submit('answer', answer(1)), b.submit('change', answer(2)), b.submit('answer', answer(3)), b.submit('change', answer(3, 2)), b.submit('answer', answer(4))];
    for (let i = 0; i < 3; i++) {
      release[i]();
      await tick();
    }
    // attempt 3's change waits behind its one-way answer, though a statement of changes goes first
    expect(statements.map((s, i) => `${kinds[i]} ${s.map((a) => `${a.attemptId}:${a.questionId}`).join(' ')}`)).toEqual(['answer 1:1', 'change 2:1', 'answer 3:1 4:1', 'change 3:2']);
    release[3]();
    await Promise.all(all);
  });

  it('keeps statements to the most it is given', async () => {
    const { statements, release, store } = heldStore();
    const b = new AnswerBatcher(store, async () => undefined, 3, 1);
    const all = [1, 2, 3, 4, 5, 6, 7].map((id) => b.submit('answer', answer(id)));
    for (let i = 0; i < 3; i++) {
      release[i]();
      await tick();
    }
    expect(statements.map((s) => s.length)).toEqual([1, 3, 3]);
    await Promise.all(all);
  });

  it('stores each answer of a failed statement again alone, and fails only the answer that fails alone', async () => {
    const { statements, release, store } = heldStore();
    let failNext = false;
    const failing = (kind: AnswerKind, items: { answer: BatchedAnswer }[]) => (failNext ? Promise.reject(new Error('deadlock detected')) : store(kind, items));
    const alone: number[] = [];
    const single = async (_kind: AnswerKind, a: BatchedAnswer) => {
      alone.push(a.attemptId);
      if (a.attemptId === 4) throw new Error('attempt 4 is broken');
      return { attempt: a.attemptId, alone: true };
    };
    const b = new AnswerBatcher(failing, single, 64, 1);
    const first = b.submit('answer', answer(1));
    const rest = [2, 3, 4].map((id) =>
      b.submit('answer', answer(id)).then(
        (row) => row,
        (err: Error) => err.message,
      ),
    );
    failNext = true;
    release[0]();
    await first;
    expect(await Promise.all(rest)).toEqual([{ attempt: 2, alone: true }, { attempt: 3, alone: true }, 'attempt 4 is broken']);
    expect(alone).toEqual([2, 3, 4]);
    expect(statements).toHaveLength(1);
  });

  it('fails a statement of one answer with its own error (nothing stored twice)', async () => {
    let singles = 0;
    const b = new AnswerBatcher(
      () => Promise.reject(new Error('the pool is full')),
      async () => {
        singles++;
        return undefined;
      },
    );
    await expect(b.submit('answer', answer(1))).rejects.toThrow('the pool is full');
    expect(singles).toBe(0);
  });
});
