import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../translation.ts';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { api, ApiError } from '../../common/api/client.ts';
import { formatDuration } from '../../common/format/format.ts';
import { describeError } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { ErrorState, Loading, useErrorToast, useLoad } from '../components/ui.tsx';
import './quiz.css';

interface AttemptView {
  id: number;
  number: number;
  status: 'IN_PROCESS' | 'FINISHED';
  seconds_left: number | null;
  score: number | null;
  max_score: number | null;
  percent: number | null;
  passed: boolean | null;
}
interface QuizPage {
  quiz: {
    id: number;
    title: string;
    kind: 'exam' | 'pass' | 'poll';
    max_attempts: number | null;
    response_time_minutes: number | null;
    passing_percentage: number;
    questions_count: number;
    show_correct: boolean;
  };
  attempts_used: number;
  attempts_left: number | null;
  best: AttemptView | null;
  last: AttemptView | null;
  attempt: AttemptView | null;
}
interface QuestionAnswer {
  status: string;
  attempt: AttemptView;
  index?: number;
  total?: number;
  question: { id: number; text: string; type: 'radio' | 'checkbox' | 'text'; options: { id: number; text: string }[] } | null;
}

/** `/quizzes/:id` (start), `/quizzes/:id/test` (the attempt), `/quizzes/:id/end` (the result). The server keeps the time and the score. */
export default function Quiz() {
  const { id } = useParams();
  const step = useLocation().pathname.split('/')[3] ?? 'start';
  if (step === 'test') return <Attempt quizId={id!} />;
  if (step === 'end') return <Result quizId={id!} />;
  return <Start quizId={id!} />;
}

function Start({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const { data: page, error, retry, reload } = useLoad((signal) => api<{ data: QuizPage }>(`/api/quiz/${quizId}`, { signal }).then((r) => r.data), [quizId]);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!page) return <Loading />;
  const { quiz } = page;
  const noneLeft = page.attempts_left === 0 && !page.attempt;
  async function start() {
    try {
      await api(`/api/quiz/${quizId}`, { query: { is_new: 'true' } });
      navigate(`/quizzes/${quizId}/test`);
    } catch (e) {
      showError(e);
      if (e instanceof ApiError) reload();
    }
  }
  return (
    <section>
      <h1>{quiz.title}</h1>
      <div className="card section">
        <dl className="facts">
          <dt>{t('quiz.kind')}</dt>
          <dd>{t(`courses.quiz_kinds.${quiz.kind}`)}</dd>
          <dt>{t('quiz.questions')}</dt>
          <dd>{quiz.questions_count}</dd>
          <dt>{t('quiz.time')}</dt>
          <dd>{quiz.response_time_minutes ? t('quiz.minutes', { n: quiz.response_time_minutes }) : t('quiz.unlimited')}</dd>
          <dt>{t('quiz.attempts')}</dt>
          <dd data-testid="attempts">{quiz.max_attempts ? t('quiz.attempts_of', { used: page.attempts_used, max: quiz.max_attempts }) : t('quiz.attempts_used', { used: page.attempts_used })}</dd>
          {quiz.kind !== 'poll' && (
            <>
              <dt>{t('quiz.best')}</dt>
              <dd>{page.best ? `${page.best.percent}%` : '—'}</dd>
            </>
          )}
          {quiz.kind !== 'poll' && (
            <>
              <dt />
              <dd>{t('quiz.pass_rule', { p: quiz.passing_percentage })}</dd>
            </>
          )}
        </dl>
      </div>
      {noneLeft ? (
        <div className="alert error" data-testid="no-attempts">
          {t('quiz.no_attempts')}
        </div>
      ) : (
        <button className="btn" data-testid="quiz-start" onClick={() => void start()}>
          {page.attempt ? t('quiz.continue') : t('quiz.start')}
        </button>
      )}
    </section>
  );
}

function Attempt({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [attemptId, setAttemptId] = useState<number>();
  const [current, setCurrent] = useState<QuestionAnswer>();
  const [left, setLeft] = useState<number | null>(null);
  const [choice, setChoice] = useState<number[]>([]);
  const [text, setText] = useState('');
  const [feedback, setFeedback] = useState<boolean | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const show = useCallback(
    (next: QuestionAnswer, attempt: number) => {
      if (next.status === 'FINISHED') return navigate(`/quizzes/${quizId}/end?attempt=${attempt}`, { replace: true });
      setCurrent(next);
      setLeft(next.attempt.seconds_left);
      setChoice([]);
      setText('');
    },
    [quizId, navigate],
  );
  const load = useCallback(
    async (attempt: number) => {
      const r = await api<{ data: QuestionAnswer }>(`/api/quiz/${quizId}/question`, { query: { id_quizAttemp: attempt } });
      show(r.data, attempt);
    },
    [quizId, show],
  );

  // The open attempt (after a reload or on another device) continues with the time it has left.
  useEffect(() => {
    api<{ data: QuizPage }>(`/api/quiz/${quizId}`).then(
      (r) => {
        if (!r.data.attempt) return navigate(`/quizzes/${quizId}`, { replace: true });
        setAttemptId(r.data.attempt.id);
        return load(r.data.attempt.id);
      },
      () => undefined,
    );
  }, [quizId, load, navigate]);

  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      if (attemptId) void load(attemptId);
      return;
    }
    const timer = setTimeout(() => setLeft((s) => (s === null ? s : s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left, attemptId, load]);

  if (!current?.question || !attemptId) return <Loading />;
  const q = current.question;
  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      const answer = q.type === 'text' ? text : q.type === 'radio' ? choice[0] : choice;
      // one call per question: the answer's reply carries the next question; option ids travel as JSON
      const r = await api<{ data: { status: string; is_correct?: boolean; next: QuestionAnswer | null } }>('/api/QuestionUserAnswer', {
        method: 'POST',
        body: { id_quizAttemp: attemptId, question_id: q.id, answer },
        json: true,
      });
      if (r.data.is_correct !== undefined) {
        setFeedback(r.data.is_correct);
        await new Promise((res) => setTimeout(res, 800));
        setFeedback(null);
      }
      if (r.data.status === 'FINISHED' || !r.data.next) navigate(`/quizzes/${quizId}/end?attempt=${attemptId}`, { replace: true });
      else show(r.data.next, attemptId!);
    } catch (e) {
      setError(describeError(e, getLang()).text);
      if (e instanceof ApiError && e.body.name === 'ERROR_TIME_IS_UP') navigate(`/quizzes/${quizId}/end?attempt=${attemptId}`, { replace: true });
    } finally {
      setBusy(false);
    }
  }
  const empty = q.type === 'text' ? !text.trim() : !choice.length;
  return (
    <section>
      <div className="quiz-bar">
        <span data-testid="question-index">{t('quiz.question', { i: current.index, n: current.total })}</span>
        {left !== null && (
          <span data-testid="time-left">
            {t('quiz.time_left')}: {formatDuration(left)}
          </span>
        )}
      </div>
      <div className="card section">
        <h2 data-testid="question-text">{q.text}</h2>
        {q.type === 'text' ? (
          <div className="field">
            <label htmlFor="answer">{t('quiz.your_answer')}</label>
            <input id="answer" value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        ) : (
          q.options.map((o) => (
            <label key={o.id} className="check option">
              <input
                type={q.type === 'radio' ? 'radio' : 'checkbox'}
                name="answer"
                checked={choice.includes(o.id)}
                onChange={(e) => setChoice(q.type === 'radio' ? [o.id] : e.target.checked ? [...choice, o.id] : choice.filter((x) => x !== o.id))}
              />
              {o.text}
            </label>
          ))
        )}
        {feedback !== null && <div className={`alert ${feedback ? 'success' : 'error'}`}>{t(feedback ? 'quiz.correct' : 'quiz.wrong')}</div>}
        {error && (
          <div className="alert error" role="alert">
            {error}
          </div>
        )}
        <button className="btn" data-testid="quiz-answer" disabled={busy || empty} onClick={() => void submit()}>
          {t('quiz.answer')}
        </button>
      </div>
    </section>
  );
}

function Result({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const attempt = new URLSearchParams(useLocation().search).get('attempt');
  const { data, error, retry } = useLoad(
    (signal) =>
      api<{ data: { quiz: QuizPage['quiz']; attempt: AttemptView; report: { id: number; text: string; is_correct: boolean | null; score: number }[] | null } }>(`/api/quiz/${quizId}/result`, {
        query: { id_quizAttemp: attempt },
        signal,
      }).then((r) => r.data),
    [quizId, attempt],
  );
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!data) return <Loading />;
  const a = data.attempt;
  return (
    <section>
      <h1>
        {t('quiz.result')}: {data.quiz.title}
      </h1>
      <div className="card section" data-testid="quiz-result">
        {data.quiz.kind === 'poll' ? (
          <p>{t('quiz.poll_done')}</p>
        ) : (
          <>
            <h2 className={a.passed ? 'ok-text' : 'bad-text'}>{t(a.passed ? 'quiz.passed' : 'quiz.not_passed')}</h2>
            <p>
              {t('quiz.score', { score: a.score, max: a.max_score })} · {t('quiz.percent', { p: a.percent })}
            </p>
          </>
        )}
      </div>
      {data.report && data.quiz.kind !== 'poll' && (
        <div className="card section">
          <h3>{t('quiz.report')}</h3>
          <ol>
            {data.report.map((r) => (
              <li key={r.id}>
                {r.text} — {r.is_correct ? t('quiz.correct') : t('quiz.wrong')}
              </li>
            ))}
          </ol>
        </div>
      )}
      <Link to={`/quizzes/${quizId}`}>{t('quiz.to_start')}</Link>
    </section>
  );
}
