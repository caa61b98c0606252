import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for HubSpot's CRM v3 objects API, for tests (docs/architecture.md, “CRM”):
 * `POST`/`PATCH /crm/v3/objects/companies|contacts[/id]` with `{ properties, associations }`,
 * `PUT /crm/v4/objects/contacts/:id/associations/default/companies/:companyId`, the Bearer token
 * checked, a second contact with a known e-mail refused 409 ("Contact already exists. Existing ID:
 * …") as HubSpot does, and scripted failures.
 */

export interface FakeObject {
  id: string;
  properties: Record<string, string>;
  /** Company ids a contact is associated with. */
  companies: string[];
}

export interface FakeHubspot {
  readonly baseUrl: string;
  readonly token: string;
  readonly companies: Map<string, FakeObject>;
  readonly contacts: Map<string, FakeObject>;
  /** Every request: method and path. */
  readonly calls: string[];
  /** The next `n` requests answer this status (500, 429…) before anything is done. */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

export const FAKE_HUBSPOT_TOKEN = 'pat-na1-fake-token';

export async function startFakeHubspot(): Promise<FakeHubspot> {
  const companies = new Map<string, FakeObject>();
  const contacts = new Map<string, FakeObject>();
  const calls: string[] = [];
  let failures = 0;
  let failStatus = 500;
  let next = 100;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, category: string) =>
    send(res, status, { status: 'error', message, correlationId: 'fake', category });
  const answer = (o: FakeObject) => ({
    id: o.id,
    properties: o.properties,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    archived: false,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0]!;
    calls.push(`${method} ${path}`);
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    if (req.headers.authorization !== `Bearer ${FAKE_HUBSPOT_TOKEN}`)
      return error(res, 401, 'Authentication credentials not found.', 'INVALID_AUTHENTICATION');
    if (failures > 0) {
      failures -= 1;
      return error(
        res,
        failStatus,
        'Scripted failure',
        failStatus === 429 ? 'RATE_LIMITS' : 'INTERNAL_ERROR',
      );
    }
    const body = (raw ? JSON.parse(raw) : {}) as {
      properties?: Record<string, string>;
      associations?: { to: { id: string } }[];
    };
    const object = /^\/crm\/v3\/objects\/(companies|contacts)(?:\/([^/]+))?$/.exec(path);
    const association =
      /^\/crm\/v4\/objects\/contacts\/([^/]+)\/associations\/default\/companies\/([^/]+)$/.exec(path);
    if (association && method === 'PUT') {
      const contact = contacts.get(association[1]!);
      if (!contact || !companies.has(association[2]!))
        return error(res, 404, 'Object not found', 'OBJECT_NOT_FOUND');
      if (!contact.companies.includes(association[2]!)) contact.companies.push(association[2]!);
      return send(res, 200, { status: 'COMPLETE', results: [] });
    }
    if (!object) return error(res, 404, `No route ${method} ${path}`, 'OBJECT_NOT_FOUND');
    const store = object[1] === 'companies' ? companies : contacts;
    const id = object[2];
    if (method === 'POST' && !id) {
      const properties = body.properties ?? {};
      if (store === contacts) {
        const email = properties.email?.toLowerCase();
        const existing = [...contacts.values()].find((c) => c.properties.email?.toLowerCase() === email);
        if (existing)
          return error(res, 409, `Contact already exists. Existing ID: ${existing.id}`, 'CONFLICT');
      }
      const created: FakeObject = {
        id: String((next += 1)),
        properties,
        companies: (body.associations ?? []).map((a) => a.to.id).filter((c) => companies.has(c)),
      };
      store.set(created.id, created);
      return send(res, 201, answer(created));
    }
    if (method === 'PATCH' && id) {
      const found = store.get(id);
      if (!found) return error(res, 404, 'Object not found', 'OBJECT_NOT_FOUND');
      found.properties = { ...found.properties, ...(body.properties ?? {}) };
      return send(res, 200, answer(found));
    }
    return error(res, 405, `${method} is not supported here`, 'VALIDATION_ERROR');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => error(res, 500, String(e), 'INTERNAL_ERROR'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token: FAKE_HUBSPOT_TOKEN,
    companies,
    contacts,
    calls,
    failNext: (n, status = 500) => {
      failures = n;
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
