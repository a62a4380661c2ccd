import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    ltiTools: {
      name: 'LTI tool |||| LTI tools',
      fields: {
        id: 'ID',
        name: 'Name',
        client_id: 'Client ID',
        login_url: 'Login initiation URL (OIDC)',
        launch_url: 'Launch URL (target link)',
        jwks_url: "Tool's keys URL (JWKS)",
        public_key: "Tool's public key (PEM)",
        deployment_id: 'Deployment ID',
        send_name: 'Send the name',
        send_email: 'Send the e-mail',
        materials_count: 'Materials',
        created_at: 'Added',
        q: 'Search',
      },
    },
  },
  ltiTools: {
    tabs: { keys: 'Keys', privacy: 'User data' },
    hints: {
      login_url: "The tool's address where the OIDC login starts",
      launch_url: 'Where the launch with the signed id_token arrives',
      keys: 'Give the key set URL (JWKS) or paste a PEM public key',
    },
    platform: {
      title: "The school's LTI platform addresses",
      hint: "Give them to the tool's owner to register this platform.",
      issuer: 'Issuer (iss)',
      jwks_url: 'Platform keys (JWKS)',
      auth_url: 'OIDC authorization endpoint',
      token_url: 'OAuth 2 token endpoint (AGS)',
    },
  },
} satisfies Messages<typeof ru>;
