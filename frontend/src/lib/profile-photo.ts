import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { requestFile } from './api-client';

/**
 * The customer's photo as the page shows it. The user view names it by a URL the API serves only
 * with the session's token, which an <img> cannot send, so it is fetched and shown from a blob;
 * the URL changes with the photo, so each is fetched once a session.
 */
export function useProfilePhoto(url: string | null | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: ['profile-photo', url ?? null],
    // The URL is the API's own (/api/...); requestFile takes the path under /api.
    queryFn: () => requestFile(url!.replace(/^\/api(?=\/)/, ''), 'The photo could not be loaded.'),
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: false,
  });
  const photo = url ? data : undefined;
  const [shown, setShown] = useState<string>();
  useEffect(() => {
    if (!photo) {
      setShown(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(photo);
    setShown(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);
  return shown;
}
