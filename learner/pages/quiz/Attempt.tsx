import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import type { QuizAnswerOutcome } from '../../../common/api/types/quizzes.ts';
import { Loading, useErrorToast } from '../../components/ui.tsx';
import { errorName, isNetworkFailure, storedAnswer, type AnswerValue, type QuizAttemptSheet, type QuizStartPage } from './model.ts';
import { outbox, type Waiting } from './outbox.ts';
import { QuestionMap } from './QuestionMap.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import { Summary } from './Summary.tsx';
import { Timer } from './Timer.tsx';

/** How often answers waiting in the browser are tried again while there are any (besides the browser's `online`). */
const RETRY_MS = 4000;

/**
 * The open attempt: the question map, one question at a time with previous and next, flags, the summary and the
 * finish. Every answer and flag goes first into the browser's outbox (outbox.ts) and then to the server; a call that
 * gets no answer leaves it there ("saved on this device, waiting for the network") until the connection is back. The
 * server's clock decides what counts: the countdown only shows it.
 */
export function Attempt({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // the toast's function is new on every render: kept in a ref so that the sending callbacks stay the same
  const toast = useErrorToast();
  const showError = useRef(toast);
  showError.current = toast;
  const [attemptId, setAttemptId] = useState<number>();
  const [sheet, setSheet] = useState<QuizAttemptSheet>();
  const [values, setValues] = useState<Record<number, AnswerValue | null>>({});
  const [flags, setFlags] = useState<Set<number>>(new Set());
  const [verdicts, setVerdicts] = useState<Record<number, boolean | null>>({});
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const [current, setCurrent] = useState(0);
  const [summary, setSummary] = useState(false);
  const [offline, setOffline] = useState(false);
  const [sentNotice, setSentNotice] = useState(false);
  const [late, setLate] = useState(0);
  const [timeUp, setTimeUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const flushing = useRef(false);
  const finished = useRef(false);
  /**
   * The last answer put in the outbox, by attempt and question. A text field's blur and the next button's click come
   * one right after the other, before a render, and the outbox may already have sent and dropped the answer by then:
   * without this the click sent the same text a second time.
   */
  const queued = useRef(new Map<string, AnswerValue>());

  const toEnd = useCallback(
    (id: number) => {
      if (finished.current) return;
      finished.current = true;
      outbox.clear(id);
      navigate(`/quizzes/${quizId}/end?attempt=${id}`, { replace: true });
    },
    [quizId, navigate],
  );

  const load = useCallback(
    async (id: number, keepPlace: boolean) => {
      const r = await api<{ data: QuizAttemptSheet }>(`/api/quiz/${quizId}/attempt`, { query: { id_quizAttemp: id } });
      const s = r.data;
      if (s.status === 'FINISHED') return toEnd(id);
      const local = outbox.list(id);
      const vals: Record<number, AnswerValue | null> = {};
      const verdictsNow: Record<number, boolean | null> = {};
      for (const q of s.questions) {
        vals[q.id] = storedAnswer(q);
        if (q.locked) verdictsNow[q.id] = q.is_correct ?? null;
      }
      const flagSet = new Set(s.summary.flagged);
      // what waits on this device is newer than what the server has
      for (const w of local) {
        if (w.kind === 'answer' && w.answer !== undefined) vals[w.question_id] = w.answer;
        if (w.kind === 'flag') w.flagged ? flagSet.add(w.question_id) : flagSet.delete(w.question_id);
      }
      setSheet(s);
      setValues(vals);
      setVerdicts(verdictsNow);
      setFlags(flagSet);
      setWaiting(local);
      if (!keepPlace) {
        const place = outbox.place(id);
        const at = s.questions.findIndex((q) => q.id === place);
        const firstOpen = s.questions.findIndex((q) => vals[q.id] == null);
        setCurrent(at >= 0 ? at : Math.max(0, firstOpen));
      }
    },
    [quizId, toEnd],
  );

  // The open attempt (after a reload, in a second tab or on another device) continues where it was.
  useEffect(() => {
    api<{ data: QuizStartPage }>(`/api/quiz/${quizId}`).then(
      (r) => {
        if (!r.data.attempt) return navigate(`/quizzes/${quizId}`, { replace: true });
        setAttemptId(r.data.attempt.id);
        return load(r.data.attempt.id, false);
      },
      () => undefined,
    );
  }, [quizId, load, navigate]);

  /** One waiting entry to the server: sent, still waiting (no network), or refused for good. */
  const deliver = useCallback(
    async (id: number, w: Waiting): Promise<'sent' | 'wait' | 'over'> => {
      try {
        if (w.kind === 'answer') {
          const r = await api<{ data: QuizAnswerOutcome }>('/api/QuestionUserAnswer', {
            method: 'POST',
            body: { id_quizAttemp: id, question_id: w.question_id, answer: w.answer as never, keep_open: true },
            json: true,
          });
          if (r.data.locked) setVerdicts((v) => ({ ...v, [w.question_id]: r.data.is_correct ?? null }));
        } else {
          await api(`/api/quiz/${quizId}/flag`, { method: 'POST', body: { id_quizAttemp: id, question_id: w.question_id, flagged: !!w.flagged }, json: true });
        }
        outbox.done(id, w);
        return 'sent';
      } catch (e) {
        if (isNetworkFailure(e)) return 'wait';
        outbox.done(id, w);
        const name = errorName(e);
        if (name === 'ERROR_TIME_IS_UP' || name === 'ERROR_ATTEMPT_FINISHED') {
          if (w.kind === 'answer') setLate((n) => n + 1);
          return 'over';
        }
        // a locked answer or one the server refused: the server's state is shown again
        showError.current(e);
        await load(id, true).catch(() => undefined);
        return 'sent';
      }
    },
    [quizId, load],
  );

  /** Sends what waits, oldest first; stops at the first call without an answer. */
  const flush = useCallback(async () => {
    if (!attemptId || flushing.current) return;
    flushing.current = true;
    let over = false;
    let stuck = false;
    try {
      for (const w of outbox.list(attemptId)) {
        const r = await deliver(attemptId, w);
        if (r === 'wait') {
          stuck = true;
          break;
        }
        if (r === 'over') over = true;
      }
    } finally {
      flushing.current = false;
    }
    const left = outbox.list(attemptId);
    setWaiting(left);
    setOffline((was) => {
      if (was && !stuck && !left.length) setSentNotice(true);
      return stuck;
    });
    if (over) toEnd(attemptId);
  }, [attemptId, deliver, toEnd]);

  useEffect(() => {
    if (!attemptId) return;
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = setInterval(() => outbox.list(attemptId).length && void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [attemptId, flush]);

  const finishNow = useCallback(async () => {
    if (!attemptId) return;
    setBusy(true);
    try {
      await flush();
      if (outbox.list(attemptId).length) return;
      await api(`/api/quiz/${quizId}/finish`, { method: 'POST', query: { id_quizAttemp: attemptId }, body: {}, json: true });
      toEnd(attemptId);
    } catch (e) {
      if (isNetworkFailure(e)) setOffline(true);
      else if (errorName(e) === 'ERROR_ATTEMPT_FINISHED' || errorName(e) === 'ERROR_TIME_IS_UP') toEnd(attemptId);
      else showError.current(e);
    } finally {
      setBusy(false);
    }
  }, [attemptId, quizId, flush, toEnd]);

  // Time is up: what waits is sent (the server takes it within the quiz's grace), then the attempt is finished.
  useEffect(() => {
    if (!timeUp || !attemptId) return;
    void finishNow();
    const again = setInterval(() => void finishNow(), RETRY_MS);
    return () => clearInterval(again);
  }, [timeUp, attemptId, finishNow]);

  if (!sheet || !attemptId) return <Loading />;
  const questions = sheet.questions;
  const q = questions[current];
  const waitingIds = new Set(waiting.filter((w) => w.kind === 'answer').map((w) => w.question_id));

  function queue(item: Waiting) {
    if (item.kind === 'answer' && item.answer !== undefined) queued.current.set(`${attemptId}:${item.question_id}`, item.answer);
    outbox.put(attemptId!, item);
    setWaiting(outbox.list(attemptId!));
    setSentNotice(false);
    void flush();
  }
  function choose(value: AnswerValue) {
    setValues((v) => ({ ...v, [q.id]: value }));
    queue({ question_id: q.id, kind: 'answer', answer: value, at: Date.now() });
  }
  /** A text answer goes when the student leaves the field or the question, if it changed. */
  function commitText() {
    if (q?.type !== 'text') return;
    const value = values[q.id];
    const sent = queued.current.get(`${attemptId}:${q.id}`) ?? waiting.find((w) => w.kind === 'answer' && w.question_id === q.id)?.answer ?? storedAnswer(q);
    if (typeof value === 'string' && value.trim() && value !== sent) queue({ question_id: q.id, kind: 'answer', answer: value, at: Date.now() });
  }
  function go(index: number) {
    commitText();
    setSummary(false);
    setCurrent(index);
    outbox.setPlace(attemptId!, questions[index].id);
  }
  function toggleFlag() {
    const on = !flags.has(q.id);
    setFlags((f) => {
      const next = new Set(f);
      on ? next.add(q.id) : next.delete(q.id);
      return next;
    });
    queue({ question_id: q.id, kind: 'flag', flagged: on, at: Date.now() });
  }
  const last = current === questions.length - 1;

  return (
    <section className="quiz-attempt">
      <div className="quiz-bar">
        <span data-testid="question-index">{summary ? t('quiz.summary') : t('quiz.question', { i: current + 1, n: questions.length })}</span>
        {sheet.attempt.seconds_left !== null && <Timer seconds={sheet.attempt.seconds_left} onOver={() => setTimeUp(true)} />}
      </div>
      <div role="status" aria-live="polite" className="quiz-network">
        {waiting.length > 0 && offline && (
          <div className="alert" data-testid="saved-locally">
            {t('quiz.saved_local', { n: waiting.length })}
          </div>
        )}
        {sentNotice && !waiting.length && (
          <div className="alert success" data-testid="sent-notice">
            {t('quiz.sent')}
          </div>
        )}
        {timeUp && <div className="alert">{t('quiz.time_up_sending')}</div>}
        {late > 0 && <div className="alert error">{t('quiz.late', { n: late })}</div>}
      </div>
      <div className="quiz-layout">
        <QuestionMap questions={questions} values={values} flags={flags} waiting={waitingIds} current={summary ? null : current} onJump={go} />
        <div className="quiz-main">
          {summary ? (
            <Summary
              questions={questions}
              values={values}
              flags={flags}
              waiting={waiting.length}
              busy={busy || timeUp}
              onJump={go}
              onBack={() => setSummary(false)}
              onFinish={() => void finishNow()}
            />
          ) : (
            <div className="card section">
              <QuestionCard
                question={q}
                value={values[q.id] ?? null}
                verdict={q.id in verdicts ? verdicts[q.id] : undefined}
                disabled={timeUp}
                onChoose={choose}
                onText={(text) => setValues((v) => ({ ...v, [q.id]: text }))}
                onTextDone={commitText}
              />
              <div className="quiz-actions">
                <button type="button" className="btn secondary" data-testid="quiz-prev" disabled={current === 0} onClick={() => go(current - 1)}>
                  {t('quiz.prev')}
                </button>
                <button type="button" className="btn secondary" data-testid="quiz-flag" aria-pressed={flags.has(q.id)} onClick={toggleFlag}>
                  {flags.has(q.id) ? t('quiz.unflag') : t('quiz.flag')}
                </button>
                <button
                  type="button"
                  className="btn"
                  data-testid="quiz-answer"
                  onClick={() => {
                    if (last) {
                      commitText();
                      setSummary(true);
                    } else go(current + 1);
                  }}
                >
                  {last ? t('quiz.to_summary') : t('quiz.save_next')}
                </button>
              </div>
            </div>
          )}
          {!summary && (
            <button type="button" className="btn link" data-testid="quiz-to-summary" onClick={() => (commitText(), setSummary(true))}>
              {t('quiz.to_summary')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
