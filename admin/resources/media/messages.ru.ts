import type { MessageTree } from '../../framework/types.ts';

/** Texts of the media screens. Same keys in both languages. */
export const ru = {
  resources: {
    media: {
      name: 'Материал |||| Материалы',
      fields: {
        id: 'ID',
        title: 'Название',
        kind: 'Вид',
        file_name: 'Файл',
        size: 'Размер, байт',
        mime: 'Тип файла',
        url: 'Ссылка (https://…)',
        body: 'Текст (HTML)',
        deadline: 'Срок сдачи',
        chapters_count: 'В главах',
        created_at: 'Загружен',
        q: 'Поиск',
      },
    },
  },
  toasts: { media_is_add: 'Материал добавлен', media_is_update: 'Материал сохранён' },
  media: {
    kind: { video: 'Видео', pdf: 'PDF', file: 'Файл', link: 'Ссылка', text: 'Текст', project: 'Проект', scorm: 'Пакет SCORM' },
    file: 'Файл',
    choose_file: 'Выбрать файл',
    replace_file: 'Заменить файл',
    no_file: 'Файл не выбран',
    current_file: 'Сейчас: %{name} (%{size})',
    limit_video: 'Видео mp4, m4v, mov, webm, ogv — до %{mb} МБ',
    limit_pdf: 'PDF — до 40 МБ',
    limit_file: 'Документы, таблицы, презентации, архивы, изображения, аудио — до 40 МБ',
    limit_project: 'Задание к проекту (необязательно): документ или архив до 40 МБ',
    limit_scorm: 'Пакет SCORM 1.2 или 2004: .zip с imsmanifest.xml в корне, до %{mb} МБ',
    scorm_package: 'Пакет: %{title} (SCORM %{version}, файлов: %{files}, запуск: %{launch})',
    scorm_none: 'Пакета ещё нет: выберите его .zip',
    scorm_uploaded: 'Пакет прочитан: %{title}, SCORM %{version}',
    file_required: 'Выберите файл',
    uploading: 'Загрузка: %{percent} %',
    uploaded: 'Загружено 100 %',
    save: 'Сохранить',
    new_title: 'Новый материал',
    edit_title: 'Материал «%{title}»',
    upload_video: 'Загрузить видео',
  },
} satisfies MessageTree;
