import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../shared/errors.ts';

const session = vi.hoisted(() => ({
  getIdToken: vi.fn<() => Promise<string | null>>(),
  refreshTokens: vi.fn<() => Promise<{ idToken: string } | null>>(),
}));
vi.mock('../auth/session.ts', () => session);

const { previewCsvStatement, refusalMessage, uploadStatement } = await import('./bank-upload.ts');

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/** One scripted answer per request: status and body, or a network failure; progress events first. */
type Script = { status: number; body: string; progress?: [number, number][] } | 'network-error';

class FakeXhr {
  static sent: Sent[] = [];
  static script: Script[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  private request: Partial<Sent> = { headers: {} };
  open(method: string, url: string) {
    this.request = { ...this.request, method, url };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers![name] = value;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ ...(this.request as Sent), body });
    const next = FakeXhr.script.shift();
    if (!next) throw new Error('no scripted answer');
    queueMicrotask(() => {
      if (next === 'network-error') return this.onerror?.();
      for (const [loaded, total] of next.progress ?? [])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      this.upload.onload?.();
      this.status = next.status;
      this.responseText = next.body;
      this.onload?.();
    });
  }
}

const RESULT = {
  importId: 'i-1',
  format: 'camt.053.001.08',
  statements: 1,
  entries: 2,
  created: 1,
  duplicates: 1,
  posted: 0,
  matched: 1,
  warnings: [],
  transactionIds: ['t-1'],
};

const file = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.script = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  session.getIdToken.mockResolvedValue('id-token-1');
  session.refreshTokens.mockResolvedValue({ idToken: 'id-token-2' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('POST /bank/statements', () => {
  it('sends the account, the mapping and the file with the token, reports progress, answers the summary', async () => {
    FakeXhr.script.push({
      status: 201,
      body: JSON.stringify(RESULT),
      progress: [
        [50, 200],
        [200, 200],
      ],
    });
    const progress: (number | null)[] = [];
    const result = await uploadStatement(
      {
        accountId: 'acc-1',
        file: file('march.csv', 'Date,Amount\n'),
        mapping: { bookingDate: 'Date', amount: 'Amount' },
      },
      (p) => progress.push(p),
    );
    expect(result).toEqual(RESULT);
    expect(progress).toEqual([0.25, 1, null]);
    const [sent] = FakeXhr.sent;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/bank/statements',
      headers: { Authorization: 'id-token-1', Accept: 'application/json' },
    });
    expect(sent!.body.get('accountId')).toBe('acc-1');
    expect(JSON.parse(String(sent!.body.get('mapping')))).toEqual({ bookingDate: 'Date', amount: 'Amount' });
    const sentFile = sent!.body.get('file') as File;
    expect(sentFile.name).toBe('march.csv');
    expect(await sentFile.text()).toBe('Date,Amount\n');
  });

  it('leaves the mapping out for an XML file', async () => {
    FakeXhr.script.push({ status: 201, body: JSON.stringify(RESULT) });
    await uploadStatement({ accountId: 'acc-1', file: file('s.xml', '<Document/>') });
    expect(FakeXhr.sent[0]!.body.has('mapping')).toBe(false);
  });

  it('throws the server’s refusal in its own words, with its error type and status', async () => {
    const message =
      'The statement is for account DE89370400440532013000, not this account (GB29NWBK60161331926819)';
    FakeXhr.script.push({ status: 400, body: JSON.stringify({ error: 'ValidationError', message }) });
    const refused = await uploadStatement({ accountId: 'acc-1', file: file('s.xml', '<x/>') }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RequestError);
    expect(refused).toMatchObject({ message, status: 400, code: 'ValidationError', url: '/bank/statements' });
  });

  it('sends once more with a fresh token when the first is refused as expired', async () => {
    FakeXhr.script.push(
      { status: 401, body: JSON.stringify({ error: 'Unauthorized', message: 'Sign in first' }) },
      { status: 201, body: JSON.stringify(RESULT) },
    );
    expect(await uploadStatement({ accountId: 'acc-1', file: file('s.xml', '<x/>') })).toEqual(RESULT);
    expect(FakeXhr.sent.map((s) => s.headers.Authorization)).toEqual(['id-token-1', 'id-token-2']);
  });

  it('says there is no connection when the request fails on the way', async () => {
    FakeXhr.script.push('network-error');
    await expect(uploadStatement({ accountId: 'acc-1', file: file('s.xml', '<x/>') })).rejects.toMatchObject({
      message: 'The upload failed: no connection to the server.',
      status: 0,
    });
  });
});

describe('POST /bank/statements/preview', () => {
  it('sends the delimiter and header choice as the mapping, answers the rows', async () => {
    const preview = { delimiter: ';', header: ['Datum', 'Betrag'], rows: [['02.03.2026', '1,00']] };
    FakeXhr.script.push({ status: 200, body: JSON.stringify(preview) });
    expect(await previewCsvStatement(file('a.csv', 'x'), { delimiter: ';', hasHeader: true })).toEqual(
      preview,
    );
    const [sent] = FakeXhr.sent;
    expect(sent!.url).toBe('/bank/statements/preview');
    expect(JSON.parse(String(sent!.body.get('mapping')))).toEqual({ delimiter: ';', hasHeader: true });
    expect(sent!.body.has('accountId')).toBe(false);
  });
});

describe('refusal messages', () => {
  it('prefer the server’s message, else say what the status means', () => {
    expect(refusalMessage(400, { error: 'ValidationError', message: 'The file is empty' })).toBe(
      'The file is empty',
    );
    expect(refusalMessage(413, null)).toBe('The file is too large for a statement import.');
    expect(refusalMessage(502, 'not json')).toBe('The server could not take the file (HTTP 502).');
  });
});
