import { copyFile, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, groupUsers, groups, media, programGroups, programTrainers, programUsers, programs, questionOptions, questions, quizzes } from '../db/schema/index.ts';
import { absolutePath } from '../core/storage.ts';
import { writeTextPdf } from '../core/pdf.ts';
import type { ContentSeeder } from './demo.ts';

const VIDEO = fileURLToPath(new URL('../assets/lecture.webm', import.meta.url));

/** Dates relative to the day of seeding, so the demo stays current (an open quiz window, a project deadline ahead). */
const DAY = 86_400_000;
const midnight = (days: number) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY);
const dateIn = (days: number) => midnight(days).toISOString().slice(0, 10);

type Opt = [text: string, correct?: boolean, score?: number];
async function question(db: Db, tenantId: number, quizId: number, sort: number, text: string, type: 'radio' | 'checkbox' | 'text', opts: Opt[]) {
  const [q] = await db.insert(questions).values({ tenant_id: tenantId, quiz_id: quizId, text, type, sort }).returning();
  if (opts.length) await db.insert(questionOptions).values(opts.map(([t, c = false, s = 0], i) => ({ tenant_id: tenantId, question_id: q.id, text: t, is_correct: c, score: s, sort: i })));
}

/**
 * Demo learning content for a school: three programs with chapters, a real video, a PDF, a text, a link,
 * a project assignment, a timed exam, a pass quiz and a poll; the student is enrolled in the first program
 * directly and in the second through a group.
 */
export function learningSeeder(dataDir: string): ContentSeeder {
  return async (db, tenant, people) => {
    const t = tenant.id;
    const file = async (rel: string, make: (abs: string) => Promise<void>) => {
      const abs = absolutePath(dataDir, tenant.slug, rel);
      await mkdir(dirname(abs), { recursive: true });
      await make(abs);
      return { path: rel, size: (await stat(abs)).size };
    };
    const video = await file('media/lecture.webm', (abs) => copyFile(VIDEO, abs));
    const pdf = await file('media/strategy-guide.pdf', (abs) =>
      writeTextPdf(abs, 'Стратегия: краткое руководство', [
        'Стратегия — это выбор того, чего компания делать не будет.',
        'Пять сил Портера помогают оценить привлекательность отрасли.',
        'Strategy is about choosing what not to do.',
      ]),
    );

    const [p1, p2, p3] = await db
      .insert(programs)
      .values([
        {
          tenant_id: t,
          title: 'Стратегический менеджмент',
          title_en: 'Strategic Management',
          days_to_study: 90,
          ects: 6,
          format: 'blended',
          payment_currency: 'RUB',
          short_description: 'Как выбирать направление развития компании',
          description: 'Курс о выборе стратегии и её исполнении.',
        },
        {
          tenant_id: t,
          title: 'Финансы для руководителей',
          title_en: 'Finance for Managers',
          days_to_study: 60,
          ects: 4,
          format: 'online',
          payment_currency: 'RUB',
          short_description: 'Отчётность, оценка проектов, бюджет',
        },
        { tenant_id: t, title: 'Маркетинг', title_en: 'Marketing', days_to_study: 60, ects: 4, format: 'online' },
      ])
      .returning();

    const [c11, c12, c21, c22] = await db
      .insert(chapters)
      .values([
        { tenant_id: t, program_id: p1.id, title: 'Введение в стратегию', sort: 1 },
        { tenant_id: t, program_id: p1.id, title: 'Анализ отрасли', sort: 2 },
        { tenant_id: t, program_id: p2.id, title: 'Финансовая отчётность', sort: 1 },
        { tenant_id: t, program_id: p2.id, title: 'Обратная связь', sort: 2 },
      ])
      .returning();
    await db.insert(chapters).values({ tenant_id: t, program_id: p3.id, title: 'Основы маркетинга', sort: 1 });

    const [mVideo, mText, mPdf, mLink, mProject, mText2] = await db
      .insert(media)
      .values([
        { tenant_id: t, title: 'Лекция 1. Что такое стратегия', kind: 'video', path: video.path, mime: 'video/webm', size: video.size, file_name: 'lecture.webm' },
        { tenant_id: t, title: 'Конспект лекции', kind: 'text', body: '<p>Стратегия отвечает на три вопроса: <b>где</b> мы играем, <b>как</b> выигрываем и <b>что</b> для этого нужно.</p>' },
        { tenant_id: t, title: 'Руководство по стратегии (PDF)', kind: 'pdf', path: pdf.path, mime: 'application/pdf', size: pdf.size, file_name: 'Руководство по стратегии.pdf' },
        { tenant_id: t, title: 'Пять сил Портера', kind: 'link', url: 'https://hbr.org/1979/03/how-competitive-forces-shape-strategy' },
        { tenant_id: t, title: 'Проект: стратегия вашей компании', kind: 'project', deadline: dateIn(28), body: 'Загрузите архив с презентацией и расчётами.' },
        { tenant_id: t, title: 'Как читать баланс', kind: 'text', body: '<p>Активы = обязательства + капитал.</p>' },
      ])
      .returning();
    await db.insert(chapterMedia).values([
      { chapter_id: c11.id, media_id: mVideo.id, sort: 1 },
      { chapter_id: c11.id, media_id: mText.id, sort: 2 },
      { chapter_id: c12.id, media_id: mPdf.id, sort: 1 },
      { chapter_id: c12.id, media_id: mLink.id, sort: 2 },
      { chapter_id: c12.id, media_id: mProject.id, sort: 3 },
      { chapter_id: c21.id, media_id: mText2.id, sort: 1 },
    ]);

    const [exam, pass, poll] = await db
      .insert(quizzes)
      .values([
        {
          tenant_id: t,
          title: 'Экзамен по стратегии',
          kind: 'exam',
          sort_type: 'scatter',
          evaluation: 'score',
          max_attempts: 2,
          response_time_minutes: 5,
          show_report: true,
          notify_admin: true,
          show_correct: false,
          passing_percentage: 60,
          min_score: 2,
        },
        {
          tenant_id: t,
          title: 'Зачёт по отчётности',
          opens_at: midnight(-60),
          closes_at: midnight(200),
          kind: 'pass',
          sort_type: 'in_order',
          evaluation: 'credit',
          max_attempts: 3,
          show_correct: true,
          passing_percentage: 50,
        },
        { tenant_id: t, title: 'Опрос: как вам курс?', kind: 'poll', sort_type: 'in_order', evaluation: 'credit' },
      ])
      .returning();
    await question(db, t, exam.id, 1, 'Что из перечисленного — одна из пяти сил Портера?', 'radio', [['Угроза новых игроков', true, 2], ['Курс валют'], ['Численность персонала']]);
    await question(db, t, exam.id, 2, 'Какие вопросы отвечает стратегия? (несколько ответов)', 'checkbox', [['Где мы играем', true, 1], ['Как мы выигрываем', true, 1], ['Когда обед']]);
    await question(db, t, exam.id, 3, 'Как называется анализ сильных и слабых сторон, возможностей и угроз? (латиницей)', 'text', [['SWOT', true, 2]]);
    await question(db, t, pass.id, 1, 'Активы равны…', 'radio', [['обязательствам плюс капитал', true], ['выручке минус расходы']]);
    await question(db, t, pass.id, 2, 'Какие из отчётов входят в финансовую отчётность?', 'checkbox', [['Баланс', true], ['Отчёт о движении денежных средств', true], ['Штатное расписание']]);
    await question(db, t, poll.id, 1, 'Насколько полезен курс?', 'radio', [['Очень'], ['Средне'], ['Мало']]);
    await question(db, t, poll.id, 2, 'Что улучшить?', 'text', []);
    await db.insert(chapterQuizzes).values([
      { chapter_id: c12.id, quiz_id: exam.id, sort: 1 },
      { chapter_id: c21.id, quiz_id: pass.id, sort: 1 },
      { chapter_id: c22.id, quiz_id: poll.id, sort: 1 },
    ]);

    const [group] = await db.insert(groups).values({ tenant_id: t, title: 'MBA-2026' }).returning();
    await db.insert(groupUsers).values({ group_id: group.id, user_id: people.student });
    await db.insert(programUsers).values({ program_id: p1.id, user_id: people.student });
    await db.insert(programGroups).values({ program_id: p2.id, group_id: group.id });
    // the demo trainer teaches the first two programs (and so edits only those in the back office)
    await db.insert(programTrainers).values([p1, p2].map((p) => ({ tenant_id: t, program_id: p.id, user_id: people.trainer })));
  };
}
