/**
 * A padlock drawn inline (no icon font, no MUI in the portal): an image named by `label` for screen readers, in the
 * text's colour and size.
 */
export function LockIcon({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" style={{ verticalAlign: '-0.125em', flex: 'none' }} data-testid="lock-icon">
      <title>{label}</title>
      <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9zm3 3.5a1.75 1.75 0 0 1 1 3.19V19h-2v-2.31a1.75 1.75 0 0 1 1-3.19z" />
    </svg>
  );
}
