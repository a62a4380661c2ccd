import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    scores: {
      name: 'Score |||| Scores',
      fields: {
        id: 'ID',
        user_name: 'Student',
        program_title: 'Program',
        program_id: 'Program',
        user_id: 'Student',
        quiz_percent: 'Quizzes, %',
        project_percent: 'Projects, %',
        activity_percent: 'Activity, %',
        points: 'Points',
        max_score: 'Of',
        status: 'Decision',
        approved_points: 'Approved points',
        decided_at: 'Decided on',
        q: 'Search by student',
      },
    },
  },
  scores: {
    status: { approved: 'Approved', revoked: 'Revoked', none: 'Not decided' },
    approve: 'Approve the score',
    revoke: 'Revoke the score',
    approved: 'Score approved',
    revoked: 'Score revoked',
    quizzes: 'Quizzes',
    projects: 'Projects',
    materials: 'Materials',
    title: 'Title',
    result: 'Result',
    viewed: 'Viewed',
    not_viewed: 'Not viewed',
    none: 'None',
    summary: '%{points} of %{max}',
    settings: {
      title: 'Score settings',
      max_score: 'Maximum score',
      quizzes: 'Weight of quizzes, %',
      projects: 'Weight of projects, %',
      activity: 'Weight of activity, %',
      sum: 'Sum of the weights: %{sum} (must be 100)',
      save: 'Save the settings',
      saved: 'Score settings saved',
    },
  },
} satisfies Messages<typeof ru>;
