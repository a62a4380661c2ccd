import type { MessageTree } from '../../framework/types.ts';

/** Texts of the project review screens (laid over the shared `projects.*` keys). Same keys in both languages. */
export const ru: MessageTree = {
  resources: {
    projects: {
      fields: {
        program_id: 'Программа', user_id: 'Студент', trainer_id: 'Тренер', trainer: 'Тренер', late: 'После дедлайна', checked_at: 'Проверен',
        message: 'Комментарий студента', new_trainer_file: 'Файл тренера', count_attempts: 'Дополнительных версий',
      },
    },
  },
  projects: {
    unchecked: 'Непроверенных проектов: %{smart_count}',
    student: 'Студент',
    material: 'Задание',
    deadline: 'Дедлайн',
    files: 'Файлы студента',
    no_files: 'Файлов нет',
    student_message: 'Комментарий студента',
    trainer_file: 'Файл тренера',
    remove_trainer_file: 'Удалить файл тренера',
    trainer_file_removed: 'Файл тренера удалён',
    review: 'Проверка',
    is_update: 'Проверка сохранена',
    is_delete: 'Версия проекта удалена',
    are_delete: 'Удалено версий: %{smart_count}',
    late: 'Сдан после дедлайна',
    extra: {
      title: 'Дополнительные версии',
      hint: 'Сверх правила дедлайна; каждая версия, которую правило не пропустило бы, расходует одну.',
      save: 'Сохранить',
      saved: 'Дополнительные версии сохранены',
    },
  },
};

export const en: MessageTree = {
  resources: {
    projects: {
      fields: {
        program_id: 'Program', user_id: 'Student', trainer_id: 'Trainer', trainer: 'Trainer', late: 'After the deadline', checked_at: 'Checked',
        message: 'Student\'s message', new_trainer_file: 'Trainer\'s file', count_attempts: 'Extra versions',
      },
    },
  },
  projects: {
    unchecked: 'Unchecked projects: %{smart_count}',
    student: 'Student',
    material: 'Assignment',
    deadline: 'Deadline',
    files: 'Student\'s files',
    no_files: 'No files',
    student_message: 'Student\'s message',
    trainer_file: 'Trainer\'s file',
    remove_trainer_file: 'Remove the trainer\'s file',
    trainer_file_removed: 'The trainer\'s file was removed',
    review: 'Review',
    is_update: 'Review saved',
    is_delete: 'Project version removed',
    are_delete: 'Versions removed: %{smart_count}',
    late: 'Submitted after the deadline',
    extra: {
      title: 'Extra versions',
      hint: 'Beyond the deadline rule; each version the rule would refuse uses one up.',
      save: 'Save',
      saved: 'Extra versions saved',
    },
  },
};
