// Sign-in happens in the portal. A visitor without a session is sent there before anything of react-admin loads:
// this entry is a few hundred bytes and shares no module with the back office (the key is STORAGE_KEYS.token of
// common/storage.ts, read here directly so that importing it does not pull the back office's chunk in).
if (!localStorage.getItem('user-token')) window.location.replace('/auth');
else void import('./boot.tsx');
