import { useState } from 'react';

export type Position = { lat: number; lng: number };
export type LocateError = 'permission_denied' | 'unavailable';

/** The browser's position on demand ("Use my location"), rounded to ~10 m as the URL keeps it. */
export function useGeolocation() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<LocateError | null>(null);
  const locate = () =>
    new Promise<Position>((resolve, reject) => {
      setError(null);
      if (!('geolocation' in navigator)) {
        setError('unavailable');
        return reject(new Error('unavailable'));
      }
      setPending(true);
      navigator.geolocation.getCurrentPosition(
        (p) => {
          setPending(false);
          const round = (n: number) => Math.round(n * 10_000) / 10_000;
          resolve({ lat: round(p.coords.latitude), lng: round(p.coords.longitude) });
        },
        (err) => {
          setPending(false);
          const code: LocateError = err.code === err.PERMISSION_DENIED ? 'permission_denied' : 'unavailable';
          setError(code);
          reject(new Error(code));
        },
        { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
      );
    });
  return { locate, pending, error };
}
