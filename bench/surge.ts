// The exam surge by arrival rate (an open model, issue 16 item 5): each student arrives on a schedule of their own,
// whatever the server's answers take: signs in at a random moment of the sign-in window, starts the quiz at a random
// moment of the start window that follows, then answers a question every 1–3 s (the next question comes with each
// answer) until the attempt is over. A slow server does not slow the arrivals down, as it would in a closed loop.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Agent, request } from 'undici';

export type OpKind = 'sign-in' | 'start' | 'first question' | 'answer' | 'question map' | 'change' | 'finish';

export interface OpStats {
  /** 2xx answers. */
  ok: number;
  /** 409 ISSET_ANSWER_QUESTION / a start that continued an open attempt: by design, not counted as successes. */
  repeats: number;
  /** Anything else (4xx, 5xx, a broken connection). */
  failed: number;
  /** Latencies of the successful ones, ms. */
  latencies: number[];
  failures: Record<string, number>;
}

export interface SurgeOptions {
  base: string;
  tenant: string;
  logins: string[];
  password: string;
  quizId: number;
  signInWindowS: number;
  startWindowS: number;
  gapS?: [number, number];
  /** Tokens of the students, already signed in: no sign-in window (the A/B phases of bench/surge-ab.ts). */
  tokens?: string[];
  /**
   * The load generator's HTTP client: undici's `request` on an Agent of its own (default), or the global `fetch`
   * (undici's fetch, whose WHATWG layers cost this process about twice the CPU a request: docs/performance.md).
   */
  client?: 'undici' | 'fetch';
  /**
   * The share of students who take the exam with the navigation (issue 30): they read the question map once, answer
   * with `keep_open`, go back to change a few answers, and finish. Default `BENCH_CHANGERS` or 0.2.
   */
  changers?: number;
}

export interface SurgeResult {
  ops: Record<OpKind, OpStats>;
  seconds: number;
  attemptsFinished: number;
  /** The 1-minute load average sampled every second while it ran (the highest). */
  loadMax: number;
  /** CPU seconds this process (the load generator) used while it ran, user and system. */
  cpuS: number;
  /** Requests sent. */
  requests: number;
}

/**
 * BENCH_SURGE_TIMELINE=file: every request of the surge as one CSV line (when it ended, seconds from the surge's start;
 * what it was; its status; how long it took, ms), to see when a slow stretch began and what was slow in it.
 */
const TIMELINE = process.env.BENCH_SURGE_TIMELINE;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const rand = (a: number, b: number) => a + Math.random() * (b - a);

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function runSurge(o: SurgeOptions): Promise<SurgeResult> {
  const ops = Object.fromEntries(
    (['sign-in', 'start', 'first question', 'answer', 'question map', 'change', 'finish'] as OpKind[]).map((k) => [k, { ok: 0, repeats: 0, failed: 0, latencies: [], failures: {} }]),
  ) as unknown as Record<OpKind, OpStats>;
  const [gapMin, gapMax] = o.gapS ?? [1, 3];
  let loadMax = loadavg()[0];
  const sampler = setInterval(() => (loadMax = Math.max(loadMax, loadavg()[0])), 1000);
  let finished = 0;
  let requests = 0;
  const timeline: string[] = [];
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  type Reply = { ok: boolean; status: number; json: () => Promise<unknown> };
  const send =
    o.client === 'fetch'
      ? async (url: string, method: string, headers: Record<string, string>, body?: string): Promise<Reply> => {
          const res = await fetch(url, { method, headers, body });
          return { ok: res.ok, status: res.status, json: () => res.json() };
        }
      : async (url: string, method: string, headers: Record<string, string>, body?: string): Promise<Reply> => {
          const res = await request(url, { method: method as 'GET', headers, body, dispatcher: agent });
          return { ok: res.statusCode >= 200 && res.statusCode < 300, status: res.statusCode, json: () => res.body.json() };
        };

  async function call(kind: OpKind, method: string, path: string, token: string | undefined, body?: unknown, repeat?: (status: number, name?: string) => boolean, from?: string) {
    const t = performance.now();
    requests++;
    try {
      const res = await send(
        o.base + path,
        method,
        { domain: o.tenant, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...(from ? { 'x-forwarded-for': from } : {}) },
        body ? JSON.stringify(body) : undefined,
      );
      // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads whatever JSON the API answered
      const json = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, any>;
      const ms = performance.now() - t;
      if (TIMELINE) timeline.push(`${((t + ms - t0) / 1000).toFixed(3)},${kind},${res.status},${ms.toFixed(1)}`);
      const s = ops[kind];
      if (res.ok) {
        s.ok++;
        s.latencies.push(ms);
      } else if (repeat?.(res.status, json.name)) s.repeats++;
      else {
        s.failed++;
        const why = `${res.status} ${json.name ?? ''}`.trim();
        s.failures[why] = (s.failures[why] ?? 0) + 1;
      }
      return res.ok ? json : undefined;
    } catch (err) {
      ops[kind].failed++;
      if (TIMELINE) timeline.push(`${((performance.now() - t0) / 1000).toFixed(3)},${kind},error,${(performance.now() - t).toFixed(1)}`);
      const why = (err as Error).message;
      ops[kind].failures[why] = (ops[kind].failures[why] ?? 0) + 1;
      return undefined;
    }
  }

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  async function student(login: string, i: number) {
    await sleep(rand(0, o.signInWindowS * 1000));
    const token = o.tokens ? o.tokens[i] : await signIn(login, i);
    if (!token) return;
    await sleep(t0 + o.signInWindowS * 1000 + rand(0, o.startWindowS * 1000) - performance.now());
    const started = await call('start', 'GET', `/api/quiz/${o.quizId}?is_new=true`, token);
    // every fifth student (by default) goes back and changes answers, as the portal's navigation lets them
    if (changers > 0 && i % Math.round(1 / changers) === 0) await answerAndChange(token, started);
    else await answerAll(token, started);
  }
  const changers = o.changers ?? Number(process.env.BENCH_CHANGERS ?? 0.2);
  /** The navigation's way: the map once, every question answered with keep_open, three changed, then the finish. */
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads whatever JSON the API answered
  async function answerAndChange(token: string, started: Record<string, any> | undefined) {
    const attempt = started?.data?.attempt?.id as number | undefined;
    if (!attempt) return;
    const sheet = await call('question map', 'GET', `/api/quiz/${o.quizId}/attempt?id_quizAttemp=${attempt}`, token);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const questions = (sheet?.data?.questions ?? []) as any[];
    const pick = (q: { type: string; options: { id: number }[] }, n: number) => {
      const id = q.options[n % Math.max(1, q.options.length)]?.id;
      return q.type === 'text' ? `bench ${n}` : q.type === 'radio' ? id : [id];
    };
    for (const q of questions) {
      await sleep(rand(gapMin, gapMax) * 1000);
      await call('answer', 'POST', '/api/QuestionUserAnswer', token, { id_quizAttemp: attempt, question_id: q.id, answer: pick(q, 0), keep_open: true });
    }
    for (const q of questions.slice(0, 3)) {
      await sleep(rand(gapMin, gapMax) * 1000);
      await call('change', 'POST', '/api/QuestionUserAnswer', token, { id_quizAttemp: attempt, question_id: q.id, answer: pick(q, 1), keep_open: true });
    }
    const done = await call('finish', 'POST', `/api/quiz/${o.quizId}/finish?id_quizAttemp=${attempt}`, token, {});
    if (done?.data?.status === 'FINISHED') finished++;
  }
  async function signIn(login: string, i: number) {
    // each student from an address of their own (the API trusts the loopback proxy in the benchmark): the per-address
    // sign-in throttle (100 in 15 min) is not what is measured here
    const from = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const signed = await call(
      'sign-in',
      'POST',
      '/api/token',
      undefined,
      { username: login, password: o.password, client_id: 'web', client_secret: 'public', grant_type: 'password' },
      undefined,
      from,
    );
    return signed?.access_token as string | undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads whatever JSON the API answered
  async function answerAll(token: string, started: Record<string, any> | undefined) {
    const attempt = started?.data?.attempt?.id as number | undefined;
    if (!attempt) return;
    let q = (await call('first question', 'GET', `/api/quiz/${o.quizId}/question?id_quizAttemp=${attempt}`, token))?.data?.question;
    while (q) {
      await sleep(rand(gapMin, gapMax) * 1000);
      const first = q.options?.[0]?.id;
      const answer = q.type === 'text' ? 'bench' : q.type === 'radio' ? first : [first];
      const reply = await call(
        'answer',
        'POST',
        '/api/QuestionUserAnswer',
        token,
        { id_quizAttemp: attempt, question_id: q.id, answer },
        (status, name) => status === 409 && name === 'ISSET_ANSWER_QUESTION',
      );
      if (reply?.data?.status === 'FINISHED') finished++;
      q = reply?.data?.next?.question;
    }
  }
  await Promise.all(o.logins.map((login, i) => student(login, i)));
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  await agent.close();
  if (TIMELINE) writeFileSync(TIMELINE, `ended_s,kind,status,ms\n${timeline.join('\n')}\n`);
  for (const s of Object.values(ops)) s.latencies.sort((a, b) => a - b);
  return { ops, seconds: (performance.now() - t0) / 1000, attemptsFinished: finished, loadMax, cpuS: (cpu.user + cpu.system) / 1e6, requests };
}
