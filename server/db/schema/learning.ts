import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';

const tenant = schoolId;
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A learning program (the admin "courses" screen), with the marketplace fields for the roadmap. */
export const programs = pgTable(
  'programs',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    title: text().notNull(),
    title_en: text(),
    technical_name: text(),
    main_name: text(),
    documents_title: text(),
    days_to_study: integer(),
    ects: real(),
    payment_currency: text(),
    extra_currency: text(),
    consulting_count: integer(),
    consulting_days: integer(),
    description: text(),
    short_description: text(),
    full_description: text(),
    language: text(),
    skills: jsonb().$type<string[]>(),
    knowledge: jsonb().$type<string[]>(),
    requirements: text(),
    duration: text(),
    category: text(),
    price: real(),
    discount_price: real(),
    format: text(),
    logo: text(),
    created_at: created(),
  },
  (t) => [index('programs_tenant_title').on(t.tenant_id, t.title)],
);

export const chapters = pgTable(
  'chapters',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('chapters_tenant_program').on(t.tenant_id, t.program_id, t.sort)],
);

export const mediaKinds = ['video', 'pdf', 'file', 'link', 'text', 'project', 'lti', 'scorm'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** A material: video, PDF, file, link, text, or a project assignment (with its deadline). */
export const media = pgTable(
  'media',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    title: text().notNull(),
    kind: text().$type<MediaKind>().notNull(),
    path: text(),
    file_name: text(),
    mime: text(),
    size: integer(),
    url: text(),
    body: text(),
    deadline: date({ mode: 'string' }),
    /** Kind `lti`: the tool it launches (lti_tools.id; the tool cannot be deleted while a material names it); `url` its optional target. */
    lti_tool_id: integer(),
    created_at: created(),
  },
  (t) => [index('media_tenant_kind').on(t.tenant_id, t.kind), index('media_tenant_title').on(t.tenant_id, t.title)],
);

export const chapterMedia = pgTable(
  'chapter_media',
  {
    tenant_id: tenant(),
    chapter_id: integer()
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    media_id: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chapter_id, t.media_id] }), index('chapter_media_media').on(t.media_id)],
);

export const quizKinds = ['exam', 'pass', 'poll'] as const;
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    title: text().notNull(),
    kind: text().$type<(typeof quizKinds)[number]>().notNull().default('pass'),
    sort_type: text().$type<'in_order' | 'scatter'>().notNull().default('in_order'),
    evaluation: text().$type<'score' | 'credit'>().notNull().default('score'),
    max_attempts: integer(),
    response_time_minutes: integer(),
    show_report: boolean().notNull().default(true),
    notify_admin: boolean().notNull().default(false),
    show_correct: boolean().notNull().default(false),
    passing_percentage: integer().notNull().default(60),
    min_score: integer().notNull().default(0),
    /** The window in which attempts may start (shown in the calendar); null: always open. */
    opens_at: timestamp({ withTimezone: true }),
    closes_at: timestamp({ withTimezone: true }),
    created_at: created(),
    /**
     * Bumped by triggers (migration *_quiz_answer_path) on every change of the quiz, its questions, options or
     * settings: the answer path caches a quiz per process and checks this in the answer's own statement (issue 16).
     */
    version: integer().notNull().default(0),
    /** Seconds past `deadline_at` in which an answer still counts (sent before the deadline, delayed by the network; issue 30). */
    grace_seconds: integer().notNull().default(0),
  },
  (t) => [index('quizzes_tenant').on(t.tenant_id), index('quizzes_tenant_title').on(t.tenant_id, t.title)],
);

export const chapterQuizzes = pgTable(
  'chapter_quizzes',
  {
    tenant_id: tenant(),
    chapter_id: integer()
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    quiz_id: integer()
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chapter_id, t.quiz_id] }), index('chapter_quizzes_quiz').on(t.quiz_id)],
);

export const questions = pgTable(
  'questions',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    quiz_id: integer()
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    type: text().$type<'radio' | 'checkbox' | 'text'>().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('questions_tenant_quiz').on(t.tenant_id, t.quiz_id, t.sort)],
);

export const questionOptions = pgTable(
  'question_options',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    question_id: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    is_correct: boolean().notNull().default(false),
    score: integer().notNull().default(0),
    sort: integer().notNull().default(0),
  },
  (t) => [index('options_tenant_question').on(t.tenant_id, t.question_id, t.sort)],
);

export const groups = pgTable('groups', { id: serial().primaryKey(), tenant_id: tenant(), title: text().notNull(), created_at: created() }, (t) => [index('groups_tenant').on(t.tenant_id)]);

export const groupUsers = pgTable(
  'group_users',
  {
    tenant_id: tenant(),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.user_id] }), index('group_users_user').on(t.user_id)],
);

export const programUsers = pgTable(
  'program_users',
  {
    tenant_id: tenant(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.program_id, t.user_id] }), index('program_users_user').on(t.user_id)],
);

export const programGroups = pgTable(
  'program_groups',
  {
    tenant_id: tenant(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.program_id, t.group_id] }), index('program_groups_group').on(t.group_id)],
);

/** Trainers assigned to a program: a trainer sees and edits only these in the back office. */
export const programTrainers = pgTable(
  'program_trainers',
  {
    tenant_id: tenant(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.program_id, t.user_id] }), index('program_trainers_tenant_user').on(t.tenant_id, t.user_id)],
);

/**
 * An attempt at a quiz. `deadline_at` is fixed on the server's clock when the attempt starts;
 * `question_order` and `option_order` are the shuffle chosen once for this attempt.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    quiz_id: integer()
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    status: text().$type<'IN_PROCESS' | 'FINISHED'>().notNull().default('IN_PROCESS'),
    started_at: created(),
    deadline_at: timestamp({ withTimezone: true }),
    finished_at: timestamp({ withTimezone: true }),
    question_order: jsonb().$type<number[]>().notNull(),
    option_order: jsonb().$type<Record<string, number[]>>().notNull(),
    score: real(),
    max_score: real(),
    percent: real(),
    passed: boolean(),
    /** Made in demo mode (an admin acting as the student): left out of reports and statistics. */
    demo: boolean().notNull().default(false),
    /** Answers stored so far and their points, kept by the answer's own statement: the last answer knows it is the last (issue 16). */
    answered_count: integer().notNull().default(0),
    answered_score: real().notNull().default(0),
    /** Questions the student flagged for review during the attempt (issue 30). */
    flagged: jsonb().$type<number[]>().notNull().default([]),
  },
  (t) => [
    index('attempts_tenant_user_quiz').on(t.tenant_id, t.user_id, t.quiz_id),
    uniqueIndex('attempts_number').on(t.quiz_id, t.user_id, t.number),
    uniqueIndex('attempts_one_open').on(t.quiz_id, t.user_id).where(sql`status = 'IN_PROCESS'`),
  ],
);

export const questionAnswers = pgTable(
  'question_answers',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    attempt_id: integer()
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    question_id: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    option_ids: jsonb().$type<number[]>(),
    text: text(),
    is_correct: boolean(),
    score: real().notNull().default(0),
    /** When the answer (its last change) reached the server. */
    answered_at: created(),
    /** How many times the student changed the answer after storing it (issue 30: the last one counts). */
    changes: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('answers_attempt_question').on(t.attempt_id, t.question_id), index('answers_tenant_attempt').on(t.tenant_id, t.attempt_id)],
);
