import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Component, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * Whether the element has come near the viewport (once true, it stays): the charts' library is
 * asked for only when a chart is about to be seen, so a dashboard opened at its top loads and runs
 * its figures alone.
 */
function useNearViewport() {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  // A callback ref: the chart's box is mounted again after the table was shown.
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const o = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setNear(true);
        o.disconnect();
      },
      { rootMargin: '200px 0px' },
    );
    o.observe(el);
    observer.current = o;
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, near] as const;
}

/**
 * A dashboard chart's panel: its title, the chart (loaded with the chart library's chunk once the
 * panel nears the viewport, a skeleton of the same height until it is drawn, so nothing below
 * moves) and the same figures as a table, offered by a Chart / Table switch. The chart is an image
 * described by the title and `summary`; when its chunk cannot be loaded, the table shows instead.
 */
export function ChartPanel({
  title,
  summary,
  height,
  chart,
  table,
  empty,
  initial = 'chart',
}: {
  title: string;
  /** What the chart shows, for its image description. */
  summary: string;
  height: number;
  chart: ReactNode;
  table: ReactNode;
  /** Shown instead of chart and table when there is nothing to draw. */
  empty?: string | null | undefined;
  /** What shows first. */
  initial?: 'chart' | 'table';
}) {
  const [view, setView] = useState<'chart' | 'table'>(initial);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const [chartBox, near] = useNearViewport();
  const shown = failed ? 'table' : view;
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h4" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {!empty && (
          <Stack direction="row" role="group" aria-label={`${title}: show as`} sx={{ gap: 0.5 }}>
            {(['chart', 'table'] as const).map((v) => (
              <Button
                key={v}
                size="small"
                variant={shown === v ? 'contained' : 'outlined'}
                aria-pressed={shown === v}
                disabled={v === 'chart' && failed}
                onClick={() => setView(v)}
              >
                {v === 'chart' ? 'Chart' : 'Table'}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
      {empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : shown === 'table' ? (
        <>
          {failed && (
            <Alert severity="info" sx={{ mb: 1 }}>
              The chart could not be loaded; its figures are in this table.
            </Alert>
          )}
          <Box sx={{ overflowX: 'auto' }}>{table}</Box>
        </>
      ) : (
        <Box ref={chartBox} role="img" aria-label={`${title}: ${summary}`} sx={{ minHeight: height }}>
          {near ? (
            <ChartBoundary onError={() => setFailed(true)}>
              <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{chart}</Suspense>
            </ChartBoundary>
          ) : (
            // The chart's place until it nears the screen (not a loading skeleton: nothing loads yet).
            <Box sx={{ height, borderRadius: 1, bgcolor: 'action.hover' }} />
          )}
        </Box>
      )}
    </Paper>
  );
}

/** Catches a chart that fails (its chunk did not load) so the dashboard stays on screen. */
class ChartBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
