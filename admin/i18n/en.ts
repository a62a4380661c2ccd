import type { AdminMessages } from './ru.ts';

/** Back-office texts of our own, English. */
export const en: AdminMessages = {
  app: { title: 'Campus LMS — control panel', portal: 'Learner portal', language: 'Language', date_placeholder: 'DD.MM.YYYY' },
  roles: { superadmin: 'Main administrator', admin: 'Administrator', moderator: 'Curator', trainer: 'Trainer', student: 'Student' },
  sex: { male: 'Male', female: 'Female' },
  yes_no: { yes: 'Yes', no: 'No' },
  actions: { block: 'Block', unblock: 'Unblock', login_as: 'Log in as this user' },
  toasts: {
    block_users: 'Users blocked',
    unblock_users: 'Users unblocked',
    user_is_block: 'User blocked',
    user_is_unblock: 'User unblocked',
    add_users: 'Users added',
    course_is_delete: 'Course deleted',
    courses_is_clone: 'Course copied',
    program_is_update: 'Program saved',
  },
  empty: { not_ready: 'This section is empty: there is no data yet.', none: 'No records', demo_audit: 'Nobody has logged in as a user yet' },
  tabs: { review: 'Review', study: 'Study', marketplace: 'Marketplace', main: 'Main', personal: 'Personal data', address: 'Address', passport: 'Passport', work: 'Work and interests', access: 'Access' },
  groups: { members: 'Members', emails: 'Students\' e-mails', emails_hint: 'Separated by commas, spaces or new lines', add: 'Add', remove: 'Remove from the group', unknown_emails: 'Not found: %{emails}' },
  courses: { enrolment: 'Enrolled', group: 'Group', enrol: 'Enrol', groups: 'Groups', users: 'Students', remove: 'Remove' },
  formats: { 'full-time': 'Full-time', blended: 'Blended', online: 'Online' },
  projects: { approve: 'Approve', revoke: 'Revoke', approved: 'Project approved', revoked: 'Approval revoked', status: { awaiting: 'Under review', checked: 'Checked', approved: 'Approved' } },
  news: { audience: { all: 'Everyone', curators: 'Curators' } },
  resources: {
    prices: { name: 'Price |||| Prices', fields: { id: 'ID', title: 'Title', program_id: 'Program', format: 'Format', currency: 'Currency', amount: 'Amount', extra_amount: 'Extra amount', extra_currency: 'Extra currency', q: 'Search' } },
    'demo-audit': { name: 'Demo-mode call |||| Demo mode', fields: { id: 'ID', created_at: 'Time', actor_id: 'Administrator', actor_login: 'Administrator', user_id: 'User', user_login: 'User', method: 'Method', url: 'Address', status: 'Answer' } },
    news: { name: 'News item |||| News', fields: { id: 'ID', title: 'Title', title_en: 'Title (English)', body: 'Text', required: 'Required', audience: 'Audience', published_at: 'Published', q: 'Search' } },
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'ID', login: 'Login', email: 'E-mail', password: 'Password', role: 'Role', is_blocked: 'Blocked', date_block: 'Automatic blocking date',
        name: 'First name', surname: 'Last name', patronymic: 'Patronymic', name_latin: 'First name (Latin)', surname_latin: 'Last name (Latin)', name_en: 'First name (English)',
        surname_en: 'Last name (English)', sex: 'Sex', birthday_date: 'Date of birth', phone: 'Phone', citizenship: 'Citizenship', country_id: 'Country (code)',
        city_id: 'City (code)', postal_code: 'Postal code', street: 'Street', house: 'House', apartment: 'Apartment', building: 'Building', passport_number: 'Passport number',
        passport_number_when: 'Issue date', passport_issued_by: 'Issued by', passport_subdivision_code: 'Subdivision code', insurance_number: 'Individual insurance number',
        timezone: 'Time zone', interests: 'Interests', hobby: 'Hobby', labor_status: 'Labour status', business_status: 'Business status',
        date_start: 'Study start date', date_termination: 'Termination date', d_date: 'Contract date', last_login_at: 'Last sign-in', created_at: 'Created', q: 'Search',
      },
    },
    groups: { name: 'Group |||| Groups', fields: { id: 'ID', title: 'Title', users_count: 'Members', created_at: 'Created', q: 'Search' } },
    courses: { name: 'Program |||| Programs', fields: { trainer_ids: 'Trainers', id: 'ID', title: 'Title', title_en: 'Title (English)', technical_name: 'Technical name', main_name: 'Main name', documents_title: 'Title for documents', days_to_study: 'Days to study', ects: 'ECTS credits', payment_currency: 'Payment currency', extra_currency: 'Extra currency', consulting_count: 'Consulting sessions', consulting_days: 'Consulting days', description: 'Description', short_description: 'Short description (up to 120 characters)', full_description: 'Full description', language: 'Language', requirements: 'Requirements', duration: 'Duration', category: 'Category', price: 'Price', discount_price: 'Discounted price', format: 'Format', created_at: 'Created', q: 'Search' } },
    projects: { name: 'Project |||| Projects', fields: { user_name: 'Student', media_title: 'Assignment', trainer_message: 'Trainer\'s comment', q: 'Search by student', id: 'ID', user_id: 'Student', media_id: 'Material', status: 'Status', score: 'Score', version: 'Version', submitted_at: 'Submitted' } },
  },
};
