import { Card, CardContent, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { LtiTool } from '../../../common/api/types/lti.ts';

/** The tool being edited: its platform addresses once it is saved (the server's `AdminTool`). */
type ToolRecord = Pick<LtiTool, 'id'> & Partial<Pick<LtiTool, 'platform'>>;

/** Beside a tool's form: the addresses of this school as an LTI platform, which the tool's owner registers on their side. */
export function PlatformAddresses() {
  const record = useRecordContext<ToolRecord>();
  const t = useTranslate();
  const p = record?.platform;
  if (!p) return null;
  const rows: [string, string][] = [
    ['issuer', p.issuer],
    ['jwks_url', p.jwks_url],
    ['auth_url', p.auth_url],
    ['token_url', p.token_url],
  ];
  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, maxWidth: { md: 420 } }} component="section" aria-labelledby="lti-platform-title">
      <CardContent>
        <Typography id="lti-platform-title" variant="h6" component="h2" gutterBottom>
          {t('ltiTools.platform.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('ltiTools.platform.hint')}
        </Typography>
        <dl style={{ margin: 0 }}>
          {rows.map(([key, value]) => (
            <div key={key}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(`ltiTools.platform.${key}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1, wordBreak: 'break-all', fontFamily: 'monospace' }}>
                {value}
              </Typography>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
