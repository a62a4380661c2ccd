import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { abranches, achievementAwards, achievements, amodules, aprograms, media, programs, quizzes, type Role } from '../../db/schema/index.ts';

/**
 * The demo school's lifelong learning: a branch with two programs whose modules are the demo programs, a material and
 * a quiz; achievements of every kind of rule; one of them already granted to the demo student.
 */
export async function seedLifelong(db: Db, _tenant: { slug: string }, people: Record<Role, number>) {
  const progs = await db.select({ id: programs.id, title: programs.title }).from(programs).orderBy(asc(programs.id));
  const [strategy, finance] = progs;
  if (!strategy || !finance) return;
  const quizList = await db.select({ id: quizzes.id, title: quizzes.title }).from(quizzes).orderBy(asc(quizzes.id));
  const exam = quizList.find((q) => q.title.startsWith('Экзамен')) ?? quizList[0];
  const credit = quizList.find((q) => q.title.startsWith('Зачёт')) ?? quizList[1] ?? exam;
  const materials = await db
    .select({ id: media.id, title: media.title, kind: media.kind })
    .from(media)
    .where(inArray(media.kind, ['text', 'project']))
    .orderBy(asc(media.id));
  const reading = materials.find((m) => m.kind === 'text');
  const project = materials.find((m) => m.kind === 'project');

  const [branch] = await db
    .insert(abranches)
    .values({ title: 'Лидерство и управление', title_en: 'Leadership and management', description: 'Путь руководителя после программы MBA: стратегия, финансы, решения.', sort: 1 })
    .returning();
  await db.insert(abranches).values({ title: 'Цифровая трансформация', title_en: 'Digital transformation', description: 'Скоро: программы о данных и цифровых продуктах.', sort: 2 });
  const [p1, p2] = await db
    .insert(aprograms)
    .values([
      { abranch_id: branch.id, title: 'Стратегия руководителя', title_en: "A leader's strategy", description: 'Курс стратегии и экзамен по нему.', sort: 1 },
      { abranch_id: branch.id, title: 'Финансы для решений', title_en: 'Finance for decisions', description: 'Отчётность и зачёт по ней.', sort: 2 },
    ])
    .returning();
  const mods = await db
    .insert(amodules)
    .values([
      { aprogram_id: p1.id, title: strategy.title, title_en: 'Strategic Management', kind: 'program', program_id: strategy.id, sort: 1 },
      ...(exam ? [{ aprogram_id: p1.id, title: exam.title, title_en: 'Strategy exam', kind: 'quiz' as const, quiz_id: exam.id, sort: 2 }] : []),
      { aprogram_id: p2.id, title: finance.title, title_en: 'Finance for Managers', kind: 'program', program_id: finance.id, sort: 1 },
      ...(reading ? [{ aprogram_id: p2.id, title: reading.title, title_en: 'Reading', kind: 'media' as const, media_id: reading.id, sort: 2 }] : []),
      ...(credit ? [{ aprogram_id: p2.id, title: credit.title, title_en: 'Reporting credit', kind: 'quiz' as const, quiz_id: credit.id, sort: 3 }] : []),
    ])
    .returning();
  const [mentor] = await db
    .insert(achievements)
    .values([
      { abranch_id: branch.id, title: 'Наставник группы', title_en: 'Group mentor', description: 'Помогал однокурсникам на протяжении программы.', rule: 'manual', sort: 1 },
      {
        abranch_id: branch.id,
        title: 'Стратег',
        title_en: 'Strategist',
        description: 'Сдал экзамен по стратегии не меньше чем на 80%.',
        rule: 'quiz_passed',
        quiz_id: exam?.id ?? null,
        min_percent: 80,
        sort: 2,
      },
      {
        abranch_id: branch.id,
        title: 'Финансовая грамотность',
        title_en: 'Financial literacy',
        description: 'Прошёл программу «Финансы для руководителей».',
        rule: 'program_finished',
        program_id: finance.id,
        sort: 3,
      },
      ...(project
        ? [
            {
              abranch_id: branch.id,
              title: 'Проект принят',
              title_en: 'Project approved',
              description: 'Проект по стратегии зачтён.',
              rule: 'project_approved' as const,
              media_id: project.id,
              sort: 4,
            },
          ]
        : []),
      {
        abranch_id: branch.id,
        title: 'Первая программа ветки',
        title_en: 'First branch program',
        description: 'Пройдены все модули программы «Стратегия руководителя».',
        rule: 'modules_done',
        module_ids: mods.filter((m) => m.aprogram_id === p1.id).map((m) => m.id),
        sort: 5,
      },
      { abranch_id: branch.id, title: 'Лидер', title_en: 'Leader', description: 'Пройдены обе программы ветки.', rule: 'branch_programs', count: 2, sort: 6 },
    ])
    .returning();
  await db.insert(achievementAwards).values({ achievement_id: mentor.id, user_id: people.student, manual: true, reason: 'Наставник группы MBA-2026 по итогам модуля', awarded_by: people.admin });
}
