import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { toError } from '../shared/errors.ts';
import { DownloadIcon } from '../shared/icons.tsx';
import { fetchFile, fileNameOf, previewKindOf, saveBlob } from './files.ts';
import { formatBytes } from './format.ts';

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | {
      readonly state: 'ready';
      readonly blob: Blob;
      readonly url: string;
      readonly kind: 'pdf' | 'image' | null;
    };

/**
 * A stored file shown in the browser: fetched with the Authorization header from
 * `/files/<key>?inline=1`, turned into a blob URL, and shown in an <iframe> (PDF) or an <img>
 * (PNG, JPEG); other types offer the download only.
 */
export function FilePreviewDialog({
  fileKey,
  name,
  onClose,
}: {
  fileKey: string;
  name?: string | undefined;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const title = name ?? fileNameOf(fileKey);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    fetchFile(fileKey, true).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', blob, url, kind: previewKindOf(blob.type) });
      },
      (e: unknown) => live && setLoaded({ state: 'failed', message: toError(e).message }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileKey]);
  return (
    <Dialog
      open
      onClose={onClose}
      // Clicks inside the dialog must not reach the table row it was opened from (React events
      // bubble through portals), which would open the row's record instead.
      onClick={(e) => e.stopPropagation()}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-label={`Preview of ${title}`}
    >
      <DialogTitle sx={{ wordBreak: 'break-all' }}>
        {title}
        {loaded.state === 'ready' && (
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            ({formatBytes(loaded.blob.size)})
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, bgcolor: '#eef0f4', minHeight: 240 }}>
        {loaded.state === 'loading' && (
          <Box
            sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2, p: 6 }}
            role="status"
          >
            <CircularProgress size={22} />
            <Typography color="text.secondary">Loading the file…</Typography>
          </Box>
        )}
        {loaded.state === 'failed' && (
          <Alert severity="error" sx={{ m: 2 }}>
            {loaded.message}
          </Alert>
        )}
        {loaded.state === 'ready' && loaded.kind === 'pdf' && (
          <Box
            component="iframe"
            src={loaded.url}
            title={title}
            sx={{
              display: 'block',
              border: 0,
              width: '100%',
              height: phone ? 'calc(100vh - 140px)' : '75vh',
            }}
          />
        )}
        {loaded.state === 'ready' && loaded.kind === 'image' && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Box
              component="img"
              src={loaded.url}
              alt={title}
              sx={{
                maxWidth: '100%',
                maxHeight: phone ? 'calc(100vh - 170px)' : '72vh',
                objectFit: 'contain',
              }}
            />
          </Box>
        )}
        {loaded.state === 'ready' && loaded.kind === null && (
          <Alert severity="info" sx={{ m: 2 }}>
            This type of file ({loaded.blob.type || 'unknown type'}) cannot be shown in the browser. Download
            it to open it.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<DownloadIcon />}
          disabled={loaded.state !== 'ready'}
          onClick={() => loaded.state === 'ready' && saveBlob(loaded.blob, fileNameOf(fileKey))}
        >
          Download
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
