import { DEMO_PASSWORD } from './config.ts';

export interface Tokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly sentAt: string;
}

export type Row = Record<string, unknown> & { id: string };

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} → ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The user pool at /auth and the data API at /graphql, as a test client. */
export class Api {
  constructor(readonly baseURL: string) {}

  signIn(username: string, password = DEMO_PASSWORD): Promise<Tokens> {
    return postJson<Tokens>(`${this.baseURL}/auth/sign-in`, { username, password });
  }

  auth(path: string, body: unknown): Promise<unknown> {
    return postJson(`${this.baseURL}/auth/${path}`, body);
  }

  async gql<T = Record<string, unknown>>(
    idToken: string,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    const body = await postJson<{ data?: T; errors?: { message: string; errorType?: string }[] }>(
      `${this.baseURL}/graphql`,
      { query, variables },
      { authorization: idToken },
    );
    if (body.errors?.length) {
      throw new Error(`GraphQL: ${body.errors.map((e) => `${e.errorType ?? ''} ${e.message}`).join('; ')}`);
    }
    if (!body.data) throw new Error('GraphQL: no data');
    return body.data;
  }

  /** `listXs` of one model (AppSync naming: `listFinancialss` for Financials), all pages. */
  async list(
    idToken: string,
    model: string,
    fields: string,
    filter?: Record<string, unknown>,
  ): Promise<Row[]> {
    const op = `list${model}s`;
    const rows: Row[] = [];
    let nextToken: string | null = null;
    do {
      const data: Record<string, { items: Row[]; nextToken: string | null }> = await this.gql(
        idToken,
        `query ($filter: Model${model}FilterInput, $nextToken: String) {
          ${op}(filter: $filter, limit: 1000, nextToken: $nextToken) { items { id ${fields} } nextToken }
        }`,
        { filter: filter ?? null, nextToken },
      );
      const page = data[op];
      if (!page) throw new Error(`GraphQL: no ${op}`);
      rows.push(...page.items);
      nextToken = page.nextToken;
    } while (nextToken);
    return rows;
  }

  /** The outbox at /dev/mail, newest first. */
  async mails(): Promise<Mail[]> {
    const res = await fetch(`${this.baseURL}/dev/mail`, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET /dev/mail → ${res.status}`);
    return (await res.json()) as Mail[];
  }

  /** Waits for the newest mail to `to` sent after `since` (epoch ms). */
  async mailTo(to: string, since: number, timeoutMs = 15_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = (await this.mails()).find(
        (m) => m.to.toLowerCase().includes(to.toLowerCase()) && Date.parse(m.sentAt) >= since - 1000,
      );
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} in /dev/mail`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Waits for a mail to `to` sent after `since` and returns the 6-digit code in it. */
  async codeFor(to: string, since: number, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = (await this.mails()).find(
        (m) => m.to.toLowerCase().includes(to.toLowerCase()) && Date.parse(m.sentAt) >= since - 1000,
      );
      const code = mail && /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`No mail with a 6-digit code to ${to} in /dev/mail`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Claims of a JWT (no verification: test helper). */
export function claims(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The invitation token of an invitation mail's `/login?invitation=…` link, or null. */
export function invitationOf(mail: Mail): string | null {
  const link = /\/login\?invitation=([^\s"'<>&]+)/.exec(`${mail.text}\n${mail.html ?? ''}`);
  return link?.[1] ? decodeURIComponent(link[1]) : null;
}
