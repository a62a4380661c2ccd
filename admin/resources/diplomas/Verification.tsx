import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, Link, Typography } from '@mui/material';
import { apiBaseUrl, currentTenant } from '../../../common/tenant/tenant.ts';
import type { IssuedDocument } from '../../../common/api/types/diplomas.ts';
import { useApiMutation } from '../../providers/queries.ts';

/** The public page a document's QR code opens (the same address the PDF's QR holds). */
export const verifyAddress = (code: string) => `${apiBaseUrl()}/api/verify/${code}?domain=${encodeURIComponent(currentTenant())}`;

/** Under the issued documents: each one's verification code and public page, revoked or valid, and revoke / restore. */
export function IssuedVerification({ documents }: { documents: IssuedDocument[] }) {
  const notify = useNotify();
  // the diploma's record (its documents) is asked again, so the document shows revoked or valid
  const revocation = useApiMutation(
    (dp, { id, ...body }: { id: number; revoked: boolean; reason: string | null }) => dp.call(`/admin/diploma_documents/${id}/revocation`, { method: 'PUT', body, json: true }),
    ['diplomas'],
  );
  const t = useTranslate();
  const withCode = documents.filter((d) => d.verify_code);
  if (!withCode.length) return null;
  async function revoke(d: IssuedDocument, revoked: boolean) {
    const reason = revoked ? window.prompt(t('diplomas.verify.reason')) : null;
    if (revoked && reason === null) return;
    try {
      await revocation.mutateAsync({ id: d.id, revoked, reason });
      notify(revoked ? 'diplomas.verify.revoked_toast' : 'diplomas.verify.restored_toast', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }
  return (
    <Box sx={{ mt: 1 }}>
      {withCode.map((d) => (
        <Box key={d.id} data-testid="document-verification" sx={{ mb: 1 }}>
          <Typography variant="body2">
            {t('diplomas.verify.code')}: <b data-testid="verify-code">{d.verify_code}</b> · {d.revoked_at ? t('diplomas.verify.revoked') : t('diplomas.verify.valid')}
          </Typography>
          <Link href={verifyAddress(d.verify_code!)} target="_blank" rel="noopener" data-testid="verify-link" variant="body2">
            {t('diplomas.verify.open')}
          </Link>
          <Button size="small" onClick={() => void revoke(d, !d.revoked_at)} data-testid={d.revoked_at ? 'verify-restore' : 'verify-revoke'}>
            {d.revoked_at ? t('diplomas.verify.restore') : t('diplomas.verify.revoke')}
          </Button>
        </Box>
      ))}
    </Box>
  );
}
