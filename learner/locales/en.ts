import type { Messages } from './ru.ts';

// the shared validation messages in English come with the portal's English (learner/i18n.ts registers them)
export { validationEn } from '../../common/validation/messages.en.ts';

/** Learner portal texts, English: the part the Russian entry carries (ru.ts); the other pages' in en.pages.ts. */
export const en: Messages = {
  product: 'Campus LMS',
  loading: 'Loading…',
  retry: 'Retry',
  save: 'Save',
  saved: 'Saved',
  cancel: 'Cancel',
  close: 'Close',
  back: 'Back',
  empty: 'Nothing here yet',
  nav: {
    abranch: 'Growth',
    courses: 'My courses',
    courses_done: 'Finished',
    score: 'Grades',
    calendar: 'Calendar',
    news: 'News',
    documents: 'Documents',
    upload: 'Upload documents',
    payment: 'Payments',
    profile: 'Profile',
    curator_news: 'Curator news',
    logout: 'Sign out',
    menu: 'Menu',
    admin: 'Control panel',
    market: 'Marketplace',
    my_lms: 'My LMS',
    networking: 'Networking',
    networking_curator: 'Networking (curator)',
  },
  // the titles of the first screens; the other pages' are in en.pages.ts
  titles: {
    auth: 'Sign in',
    reset: 'Password reset',
    courses: 'My courses',
    courses_done: 'Finished courses',
    not_found: 'Page not found',
  },
  // the footer's (Layouts.tsx); the school's other texts are in en.pages.ts
  school: {
    social: 'The school online',
    links: { site: 'School website', vk: 'VK', telegram: 'Telegram', whatsapp: 'WhatsApp', youtube: 'YouTube', linkedin: 'LinkedIn', facebook: 'Facebook', instagram: 'Instagram' },
  },
  section_empty: 'There are no materials in this section yet.',
  lang: { label: 'Language', ru: 'Русский', en: 'English' },
  theme: { label: 'Theme', light: 'Light', dark: 'Dark' },
  auth: {
    title: 'Sign in to your account',
    username: 'Login or e-mail',
    password: 'Password',
    remember: 'Remember me',
    submit: 'Sign in',
    register: {
      title: 'Sign up',
      hint: 'Create a student account at this school.',
      confirm: 'Repeat the password',
      submit: 'Sign up',
      mismatch: 'The passwords do not match',
      no_account: 'No account yet?',
      open: 'Sign up',
    },
    forgot: 'Forgot your password?',
    reset_title: 'Password reset',
    reset_hint: 'Enter your e-mail and we will send a link to set a new password.',
    email: 'E-mail',
    send_link: 'Send the link',
    link_sent: 'The link is on its way. Check your mail.',
    to_login: 'Back to sign-in',
    new_password: 'New password',
    confirm_password: 'Repeat the password',
    set_password: 'Save the password',
    password_set: 'Password changed. Sign in with the new password.',
  },
  not_found: { title: 'Page not found', text: 'This page no longer exists. Try again later or go back.', home: 'Home' },
  demo: { bar: 'Demo mode: you are acting as {{name}}', leave: 'Return to my account' },

  // the sign-up form's; the profile's others are in en.pages.ts
  fields: {
    name: 'First name',
    surname: 'Last name',
    login: 'Login',
  },
  // the course list's; a course's own are in en.pages.ts
  courses: {
    progress: { not_started: 'Not started', in_process: 'In process', done: 'Done' },
    passed: 'Passed',
    not_passed: 'Not passed',
    open: 'Open',
    items: '{{done}} of {{total}}',
    empty: 'You are not enrolled in any course yet.',
    done_empty: 'No finished courses yet.',
  },
};
