// ltijs 5 and ltijs-sequelize ship no types: the few members the test tool (lti-tool.ts) uses.
declare module 'ltijs' {
  interface Provider {
    setup(key: string, database: { plugin: unknown }, options: Record<string, unknown>): Provider;
    onConnect(cb: (token: any, req: any, res: any) => unknown): true;
    deploy(options: { serverless?: boolean; silent?: boolean; port?: number }): Promise<true>;
    registerPlatform(platform: Record<string, unknown>): Promise<unknown>;
    close(options?: { silent?: boolean }): Promise<true>;
    Grade: { submitScore(token: unknown, lineItemId: string, score: Record<string, unknown>): Promise<unknown> };
    app: import('node:http').RequestListener;
  }
  const ltijs: { Provider: Provider };
  export default ltijs;
}
declare module 'ltijs-sequelize' {
  export default class LtijsSequelize {
    constructor(database: string, user: string, pass: string, options: Record<string, unknown>);
  }
}
