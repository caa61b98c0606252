import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { loadChunk } from '../shared/lazy-screen.ts';

/**
 * pdf.js, loaded only when a document is shown. Its worker is bundled as a file of our own origin
 * (Vite's `?url`), which the Content-Security-Policy's `script-src 'self'` allows
 * (docs/architecture.md, “Deployment”): no blob: worker, no inline script.
 */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    loadChunk(() => import('pdfjs-dist')),
    loadChunk(() => import('pdfjs-dist/build/pdf.worker.min.mjs?url')),
  ]);
  if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * Reads a PDF, the server's message when it refuses (`{ message }`). An empty answer (a document
 * still being generated) is asked for again a few times before it is said.
 */
async function fetchPdf(url: string, tries = 4): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    throw new Error('No connection to the server. Check your network and try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The document could not be loaded (HTTP ${res.status}).`);
  }
  const data = new Uint8Array(await res.arrayBuffer());
  if (data.byteLength > 0) return data;
  if (tries <= 1) throw new Error('the document is not ready yet; reload the page in a moment');
  await new Promise((r) => setTimeout(r, 2000));
  return fetchPdf(url, tries - 1);
}

/**
 * The pages of a PDF drawn on canvases as wide as the column (sharp on high-density screens),
 * one under the other; each canvas is named "Page n of N" for screen readers, and the page's
 * download link stays the accessible copy of the text.
 */
export function PdfPages({ url, title }: { url: string; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number; error: string | null; loading: boolean }>({
    pages: 0,
    error: null,
    loading: true,
  });
  const [width, setWidth] = useState(0);
  // The file, kept across re-drawings at another width (pdf.js takes a copy: it moves what it gets).
  const file = useRef<{ url: string; data: Promise<Uint8Array> } | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const measure = () => setWidth((w) => (Math.abs(w - el.clientWidth) > 8 ? el.clientWidth : w));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el || width === 0) return;
    let stopped = false;
    const tasks: { cancel: () => void }[] = [];
    let destroy: (() => void) | null = null;
    void (async () => {
      try {
        if (file.current?.url !== url) file.current = { url, data: fetchPdf(url) };
        const [pdfjs, data] = await Promise.all([loadPdfJs(), file.current.data]);
        if (stopped) return;
        const loading = pdfjs.getDocument({ data: data.slice() });
        destroy = () => void loading.destroy();
        const pdf = await loading.promise;
        if (stopped) return;
        setState({ pages: pdf.numPages, error: null, loading: true });
        const canvases: HTMLCanvasElement[] = [];
        for (let n = 1; n <= pdf.numPages; n += 1) {
          const page = await pdf.getPage(n);
          if (stopped) return;
          const base = page.getViewport({ scale: 1 });
          const dpr = Math.min(window.devicePixelRatio || 1, 3);
          const viewport = page.getViewport({ scale: (width / base.width) * dpr });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `${title}, page ${n} of ${pdf.numPages}`);
          Object.assign(canvas.style, {
            width: '100%',
            height: 'auto',
            display: 'block',
            background: '#fff',
            boxShadow: '0 1px 3px rgba(0,0,0,0.25)',
            marginBottom: '12px',
          });
          const task = page.render({ canvas, viewport });
          tasks.push(task);
          await task.promise;
          canvases.push(canvas);
        }
        if (stopped) return;
        el.replaceChildren(...canvases);
        setState({ pages: pdf.numPages, error: null, loading: false });
      } catch (e) {
        if (stopped) return;
        file.current = null;
        const message = e instanceof Error ? e.message : String(e);
        setState({ pages: 0, error: message, loading: false });
      }
    })();
    return () => {
      stopped = true;
      for (const t of tasks) t.cancel();
      destroy?.();
    };
  }, [url, title, width]);

  return (
    <Box>
      {state.loading && (
        <Box sx={{ py: 2 }}>
          <LinearProgress aria-label="Loading the document" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Loading the document…
          </Typography>
        </Box>
      )}
      {state.error && (
        <Alert severity="warning" role="alert">
          The document could not be shown here ({state.error}). Use “Download PDF” to open it.
        </Alert>
      )}
      <Box ref={host} data-testid="pdf-pages" sx={{ width: '100%' }} />
    </Box>
  );
}
