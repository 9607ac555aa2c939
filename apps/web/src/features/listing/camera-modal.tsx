import { Alert, Box, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';

/** Whether this browser can show a live camera picture (getUserMedia). */
export const canUseCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * A live camera picture to take a photo with: video → canvas → JPEG blob. If the camera cannot
 * be opened (permission refused, no camera) it says so in the catalogue's words.
 */
export function CameraModal({ opened, onClose, onCapture }: { opened: boolean; onClose: () => void; onCapture: (photo: Blob) => void }) {
  const { t } = useTranslation(['listing', 'errors']);
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [capturing, setCapturing] = useState(false);
  // The first frame has arrived: only then is there a picture to take.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    let opening: MediaStream | null = null;
    setFailed(false);
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1440 } }, audio: false })
      .then((s) => {
        opening = s;
        if (cancelled) s.getTracks().forEach((tr) => tr.stop());
        else setStream(s);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      opening?.getTracks().forEach((tr) => tr.stop());
      setStream(null);
      setReady(false);
    };
  }, [opened]);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
  }, [stream]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    setCapturing(true);
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        setCapturing(false);
        if (!blob) return setFailed(true);
        onCapture(blob);
        onClose();
      },
      'image/jpeg',
      0.9,
    );
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t('camera.title')} size="lg" centered>
      <Stack>
        {failed ? (
          <Alert color="red" role="alert">
            {t('errors:camera_denied')}
          </Alert>
        ) : (
          <Box bg="dark.8" pos="relative" style={{ borderRadius: 12, overflow: 'hidden', aspectRatio: '4 / 3' }}>
            {!ready && (
              <Center pos="absolute" inset={0}>
                <Loader color="white" aria-label={t('camera.opening')} />
              </Center>
            )}
            <video
              ref={video}
              playsInline
              muted
              autoPlay
              onLoadedData={() => setReady(true)}
              aria-label={t('camera.preview')}
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', opacity: ready ? 1 : 0 }}
            />
          </Box>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('camera.cancel')}
          </Button>
          <Button onClick={capture} disabled={!ready || failed} loading={capturing}>
            {t('camera.capture')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
