import { Suspense } from 'react';
import { lazyScreen } from '../../framework/lazy.ts';

// the diplomas' bulk-issue dialog is a chunk of its own, loaded when rows are first selected
const IssueToSelectedDialog = lazyScreen(() => import('../diplomas/BulkIssue.tsx'), 'IssueToSelected');

/** The users list's bulk action "Issue a document" to the selected users; its own Suspense, so the list stays while it loads. */
export function IssueDocuments() {
  return (
    <Suspense fallback={null}>
      <IssueToSelectedDialog />
    </Suspense>
  );
}
