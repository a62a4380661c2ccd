import { useEffect, useState } from 'react';

/** A text being typed that follows the saved value when that changes (after a save or a reload). */
export function useDraft<T>(saved: T) {
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  return [draft, setDraft] as const;
}
