/** Review states (docs/projects.md "States"), labels in the shared catalogue. */
export const statusChoices = [
  { id: 'awaiting', name: 'projects.status.awaiting' },
  { id: 'checked', name: 'projects.status.checked' },
  { id: 'approved', name: 'projects.status.approved' },
];
