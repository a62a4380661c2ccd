import type { MessageTree } from '../../framework/types.ts';

/** Texts of the media screens. Same keys in both languages. */
export const ru: MessageTree = {
  resources: {
    media: {
      name: 'Материал |||| Материалы',
      fields: {
        id: 'ID', title: 'Название', kind: 'Вид', file_name: 'Файл', size: 'Размер, байт', mime: 'Тип файла', url: 'Ссылка (https://…)', body: 'Текст (HTML)',
        deadline: 'Срок сдачи', chapters_count: 'В главах', created_at: 'Загружен', q: 'Поиск',
      },
    },
  },
  toasts: { media_is_add: 'Материал добавлен', media_is_update: 'Материал сохранён' },
  media: {
    kind: { video: 'Видео', pdf: 'PDF', file: 'Файл', link: 'Ссылка', text: 'Текст', project: 'Проект' },
    file: 'Файл',
    choose_file: 'Выбрать файл',
    replace_file: 'Заменить файл',
    no_file: 'Файл не выбран',
    current_file: 'Сейчас: %{name} (%{size})',
    limit_video: 'Видео mp4, m4v, mov, webm, ogv — до %{mb} МБ',
    limit_pdf: 'PDF — до 40 МБ',
    limit_file: 'Документы, таблицы, презентации, архивы, изображения, аудио — до 40 МБ',
    limit_project: 'Задание к проекту (необязательно): документ или архив до 40 МБ',
    file_required: 'Выберите файл',
    uploading: 'Загрузка: %{percent} %',
    uploaded: 'Загружено 100 %',
    save: 'Сохранить',
    new_title: 'Новый материал',
    edit_title: 'Материал «%{title}»',
    upload_video: 'Загрузить видео',
  },
};

export const en: MessageTree = {
  resources: {
    media: {
      name: 'Material |||| Materials',
      fields: {
        id: 'ID', title: 'Title', kind: 'Kind', file_name: 'File', size: 'Size, bytes', mime: 'File type', url: 'Link (https://…)', body: 'Text (HTML)',
        deadline: 'Deadline', chapters_count: 'In chapters', created_at: 'Uploaded', q: 'Search',
      },
    },
  },
  toasts: { media_is_add: 'Material added', media_is_update: 'Material saved' },
  media: {
    kind: { video: 'Video', pdf: 'PDF', file: 'File', link: 'Link', text: 'Text', project: 'Project' },
    file: 'File',
    choose_file: 'Choose a file',
    replace_file: 'Replace the file',
    no_file: 'No file chosen',
    current_file: 'Now: %{name} (%{size})',
    limit_video: 'Video mp4, m4v, mov, webm, ogv, up to %{mb} MB',
    limit_pdf: 'PDF, up to 40 MB',
    limit_file: 'Documents, spreadsheets, slides, archives, images, audio, up to 40 MB',
    limit_project: 'Assignment of the project (optional): a document or archive up to 40 MB',
    file_required: 'Choose a file',
    uploading: 'Uploading: %{percent} %',
    uploaded: 'Uploaded 100 %',
    save: 'Save',
    new_title: 'New material',
    edit_title: 'Material “%{title}”',
    upload_video: 'Upload a video',
  },
};
