import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/**
 * A drawn signature (signature_pad): mouse, pen or finger on a canvas sized to its box and sharp on
 * high-density screens; "Clear" starts again. The drawing goes up as a PNG data URL, null while
 * the pad is empty. Typing one's name is the keyboard's way to sign.
 */
export function DrawnSignature({
  onChange,
  disabled,
  error,
}: {
  onChange: (png: string | null) => void;
  disabled: boolean;
  error?: string | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = new SignaturePad(el, { penColor: '#0b1f4d', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = p;
    const emit = () => report.current(p.isEmpty() ? null : p.toDataURL('image/png'));
    p.addEventListener('endStroke', emit);
    // The canvas holds device pixels; a new size keeps what was drawn.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = el.offsetWidth;
      const height = el.offsetHeight;
      if (el.width === Math.floor(width * ratio) && el.height === Math.floor(height * ratio)) return;
      const strokes = p.toData();
      el.width = Math.floor(width * ratio);
      el.height = Math.floor(height * ratio);
      el.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      if (strokes.length) p.fromData(strokes);
      emit();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => {
      observer.disconnect();
      p.removeEventListener('endStroke', emit);
      p.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  return (
    <Box>
      <Typography variant="body2" id="drawn-signature-label" sx={{ mb: 0.5 }}>
        Draw your signature in the box with your mouse, pen or finger.
      </Typography>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-labelledby="drawn-signature-label"
        sx={{
          display: 'block',
          width: '100%',
          height: 160,
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
          cursor: disabled ? 'default' : 'crosshair',
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 0.5, gap: 1 }}>
        {error ? (
          <FormHelperText error sx={{ m: 0 }}>
            {error}
          </FormHelperText>
        ) : (
          <FormHelperText sx={{ m: 0 }}>Prefer the keyboard? Choose “Type my name”.</FormHelperText>
        )}
        <Button
          size="small"
          disabled={disabled}
          onClick={() => {
            pad.current?.clear();
            report.current(null);
          }}
        >
          Clear
        </Button>
      </Stack>
    </Box>
  );
}
