import { Alert, Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';

/** An admin list's CSV download: whether it is under way, and the error in words when it failed. */
export interface CsvDownload {
  downloading: boolean;
  error: string | null;
  start: () => void;
}

/** `download` fetches the file and hands it to the browser (lib/download.ts); a failure is kept as the spec's message. */
export function useCsvDownload(download: () => Promise<void>): CsvDownload {
  const { t } = useTranslation('errors');
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = () => {
    setError(null);
    setDownloading(true);
    void download()
      .catch((err: unknown) => setError(t(errorCodeOf(err))))
      .finally(() => setDownloading(false));
  };
  return { downloading, error, start };
}

/** The "Download CSV" button (busy while the file comes; nothing to download when the list is empty). */
export function CsvDownloadButton({ csv, label, disabled }: { csv: CsvDownload; label: string; disabled: boolean }) {
  return (
    <Button variant="light" leftSection={<IconDownload size={18} />} loading={csv.downloading} disabled={disabled} onClick={csv.start}>
      {label}
    </Button>
  );
}

/** Why the last download failed, where the list shows it. */
export function CsvDownloadError({ csv }: { csv: CsvDownload }) {
  return csv.error ? (
    <Alert color="red" role="alert">
      {csv.error}
    </Alert>
  ) : null;
}
