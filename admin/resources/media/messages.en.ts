import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    media: {
      name: 'Material |||| Materials',
      fields: {
        id: 'ID',
        title: 'Title',
        kind: 'Kind',
        file_name: 'File',
        size: 'Size, bytes',
        mime: 'File type',
        url: 'Link (https://…)',
        lti_tool_id: 'LTI tool',
        body: 'Text (HTML)',
        deadline: 'Deadline',
        chapters_count: 'In chapters',
        created_at: 'Uploaded',
        q: 'Search',
      },
    },
  },
  toasts: { media_is_add: 'Material added', media_is_update: 'Material saved' },
  media: {
    kind: { video: 'Video', pdf: 'PDF', file: 'File', link: 'Link', text: 'Text', project: 'Project', scorm: 'SCORM package', lti: 'LTI tool' },
    lti_target_hint: "Optional: a launch address of its own in the tool (else the tool's launch URL)",
    file: 'File',
    choose_file: 'Choose a file',
    replace_file: 'Replace the file',
    no_file: 'No file chosen',
    current_file: 'Now: %{name} (%{size})',
    limit_video: 'Video MP4, M4V, MOV, WEBM, OGV, up to %{mb} MB',
    limit_pdf: 'PDF, up to 40 MB',
    limit_file: 'Documents, spreadsheets, slides, archives, images, audio, up to 40 MB',
    limit_project: 'Assignment of the project (optional): a document or archive up to 40 MB',
    limit_scorm: 'A SCORM 1.2 or 2004 package: a .zip with imsmanifest.xml at its root, up to %{mb} MB',
    scorm_package: 'Package: %{title} (SCORM %{version}, %{files} files, launches %{launch})',
    scorm_none: 'No package yet: choose its .zip',
    scorm_uploaded: 'Package read: %{title}, SCORM %{version}',
    file_required: 'Choose a file',
    uploading: 'Uploading: %{percent}%',
    uploaded: 'Uploaded 100%',
    save: 'Save',
    new_title: 'New material',
    edit_title: 'Material “%{title}”',
    upload_video: 'Upload a video',
  },
} satisfies Messages<typeof ru>;
