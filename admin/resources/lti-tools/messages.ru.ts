import type { MessageTree } from '../../framework/types.ts';

/** Texts of the LTI tools' screens. The English catalogue must name exactly the Russian keys (a missing one fails to compile). */
export const ru = {
  resources: {
    ltiTools: {
      name: 'Инструмент LTI |||| Инструменты LTI',
      fields: {
        id: 'ID',
        name: 'Название',
        client_id: 'Идентификатор клиента (client_id)',
        login_url: 'URL начала входа по OIDC',
        launch_url: 'URL запуска (target_link_uri)',
        jwks_url: 'URL ключей инструмента (JWKS)',
        public_key: 'Открытый ключ инструмента (PEM)',
        deployment_id: 'Идентификатор развёртывания (deployment_id)',
        send_name: 'Передавать имя',
        send_email: 'Передавать e-mail',
        materials_count: 'Материалов',
        created_at: 'Добавлен',
        q: 'Поиск',
      },
    },
  },
  ltiTools: {
    tabs: { keys: 'Ключи', privacy: 'Данные пользователя' },
    hints: {
      login_url: 'Адрес инструмента, с которого начинается вход по OIDC',
      launch_url: 'Адрес, куда придёт запуск с подписанным токеном (id_token)',
      keys: 'Укажите URL набора ключей (JWKS) или вставьте открытый ключ PEM',
    },
    platform: {
      title: 'Адреса школы как платформы LTI',
      hint: 'Передайте их владельцу инструмента для регистрации платформы.',
      issuer: 'Издатель',
      jwks_url: 'Ключи платформы (JWKS)',
      auth_url: 'Адрес авторизации OIDC',
      token_url: 'Адрес токенов OAuth 2 (AGS)',
    },
  },
} satisfies MessageTree;
